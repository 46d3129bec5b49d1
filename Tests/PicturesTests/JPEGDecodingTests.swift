import Foundation
import Testing
@testable import Pictures

/// JPEGs decode through TurboJPEG to their pixels (within the format's loss), scaled
/// down on the way where a smaller size is enough, and turned as Exif says.
@Suite("JPEG decoding")
struct JPEGDecodingTests {
    /// A 64x48 gradient (red 4 a column, green 5 a row, blue 128), made for these tests
    /// with `cjpeg -quality 95 -sample 1x1`, baseline and progressive.
    static let baseline = Array(Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAwAEADAREAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD8c9J8FfdPk/pX9v1sf5nyeW5m9NTptJ8E9B5X6V5VbH+Z+g5bmb01On0nwVyP3PX2ryq2P8z9Ay3M3pqdNpPgngfuentXkVsf5n6BluZvTU6bSfBPI/c9favKrY/zP0DLczemp02k+CuFPk9PavJrY/zP0DLczemp0+k+Ceg8n9K8qtj/ADP0DLczemp02k+Cvunyf0ryq2P8z9Ay3M3pqfKOk+Ceg8n9K/Ya2P8AM/5/MtzTbU6bSfBXKnyevtXlVsf5n6BluabanT6T4J4H7np7V5NbH+Z+gZbmm2p02k+CeR+56+1eVWx/mfoGW5ptqdNpPgrgfuentXk1sf5n6BluabanT6T4J5H7n9K8mtj/ADP0DLc021Om0nwV90+T+leVWx/mfoGW5ptqdNpPgnoPJ/SvJrY/zP0DLc021PlHSfBX3T5P6V+xVsf5n/P5luZrTU6bSfBPAHk/pXk1sf5n6BluZrTU6fSfBXKnyevtXlVsf5n6BluZrTU6bSfBPA/c9PavKrY/zP0HLczWmp02k+CeR+56+1eTWx/mfoGW5mtNTptJ8FcKfJ6e1eVWx/mfoGW5mtNTp9J8E8geT+leRWx/mfoGW5mtNTptJ8FfdPk/pXlVsf5n6BluZrTU+UdJ8E9B5P6V+x1sf5n/AD95bmW2p02k+Cvunyf0rya2P8z9Ay3MttTptJ8E9B5X6V5NbH+Z+gZbmW2p0+k+CuR+56+1eTWx/mfoGW5ltqdNpPgngfuentXlVsf5n6BluZbanTaT4J5H7nr7V5VbH+Z+gZbmW2p0+k+CuFPk9PavJrY/zP0DLcy21Om0nwT0Hk/pXk1sf5n6BluZbanyjpPgr7p8n9K/Yq2P8z/n8y3NHpqdNpPgnoPJ/SvKrY/zP0DLc0emp0+k+CuVPk9favJrY/zP0DLc0emp02k+CeB+56e1eTWx/mfoGW5o9NTptJ8E8j9z19q8qtj/ADP0DLc0emp02k+CuB+56e1eTWx/mfoGW5o9NTp9J8E9B5X6V5VbH+Z+gZbmj01Om0nwV90+T+leVWx/mfoGW5o9NT5R0nwT0Hk/pX7DWx/mf8/mW5ptqdNpPgr7p8n9K8qtj/M/QMtzTbU6bSfBPQeV+leTWx/mfoGW5ptqdPpPgrkHyevtXlVsf5n6BluabanTaT4J4H7np7V5NbH+Z+gZbmm2p02k+CeR+56+1eTWx/mfoGW5ptqdNpPgrhT5PT2ryq2P8z9Ay3NNtTp9J8E8geT+leTWx/mfoGW5ptqf/9k=")!)
    static let progressive = Array(Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wgARCAAwAEADAREAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABQcI/8QAGAEBAQEBAQAAAAAAAAAAAAAABgQJBQf/2gAMAwEAAhADEAAAAcc+38lOVAnIgTkQJyIE5ECkqBORBKGOfyciBORAnKgTkQKSIE5ECciCUMc/U5ECcqBORCnIgTlQKRoE5UEoY5+pyIE5ECciBOVAnIgUkQJyIJQxz9TlQJyIE5ECciBORApKgTkQShjn8nIgTkQJyoE5ECciBORApIg//8QAFhAAAwAAAAAAAAAAAAAAAAAAAAME/9oACAEBAAEFAlRCohUQqIVEKiFRCohUQqIVEKiFRCohUQqIVEKiFRCohUQqIVEKiFRCohUQqIVEKiFRCohUQqIVEKiFRCohUQqIVEKiFRCohUQqIVEKiP/EABURAQEAAAAAAAAAAAAAAAAAAAQA/9oACAEDAQE/ATJjJjJjJjJjJjJjJjKjKjKjKjKjKjKjKjJjJjJjJjJjJjJjJjJjJjJjJjJjJjJjJjKjKjKjKjKjKjKjKjKjKjKjKjKjKjKjKv/EABYRAAMAAAAAAAAAAAAAAAAAAAACA//aAAgBAgEBPwF7j3HuPce49x7j3HuPce49x7j3HuPce49x7j3HuPce49x7j3HuPce49x7j3HuPce49x7j3HuPce49x7j3HuPce49z/xAAVEAEBAAAAAAAAAAAAAAAAAAAAMf/aAAgBAQAGPwKIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIj/xAAWEAEBAQAAAAAAAAAAAAAAAAAxECD/2gAIAQEAAT8hLPX8p5Tyz/vKeU8r/KeU8s9fynlPLP8AuKeWev5T/wD/2gAMAwEAAgADAAAAEEffywtIEm7tEElpkmbfywlJMv/EABcRAQEBAQAAAAAAAAAAAAAAACEAATH/2gAIAQMBAT8Q1G1G1G1G1G1G1G1G4Nwbg3BuDcG4NwbEbEbEbEbEbEbEbEbg3BuDcG4Nwbg3BtBtBtBtBtBtBtBtBuDcG4Nwbg3BuDcG/8QAFREBAQAAAAAAAAAAAAAAAAAAAGH/2gAIAQIBAT8Qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq/8QAHBAAAgIDAQEAAAAAAAAAAAAAAAEhYTFRsUHB/9oACAEBAAE/EMrgwLklW1EC0okW1ELeKMC4MrgwLglb1RAtKJFtRCtKJF8GVwYFwZXBAlwSt6ogWlEi2ohbxRIlwZXBgXBlcGBckq2ogWlEi2ohbxRgXBlcGBcEreqIFpRItqIVpRgXJlcGBcGVwYFySp+qIFpRItqIW8USJcH/2Q==")!)

    /// The mean difference, over every channel of every pixel, from the gradient.
    static func meanError(_ pixels: Pixels) -> Double {
        var total = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let at = (y * pixels.width + x) * 4
                // (A pixel of a scaled decoding stands for the middle of its block.)
                let sx: Double = (Double(x) + 0.5) * 64 / Double(pixels.width) - 0.5
                let sy: Double = (Double(y) + 0.5) * 48 / Double(pixels.height) - 0.5
                let red = abs(Int(pixels.rgba[at]) - Int((sx * 4).rounded()))
                let green = abs(Int(pixels.rgba[at + 1]) - Int((sy * 5).rounded()))
                total += red + green + abs(Int(pixels.rgba[at + 2]) - 128) + abs(Int(pixels.rgba[at + 3]) - 255)
            }
        }
        return Double(total) / Double(pixels.width * pixels.height * 4)
    }

    @Test(arguments: [false, true])
    func aJpegDecodesToItsPixels(isProgressive: Bool) throws {
        let pixels = try ImageDecoder.decode(isProgressive ? Self.progressive : Self.baseline)
        #expect(pixels.width == 64 && pixels.height == 48)
        #expect(Self.meanError(pixels) < 2, "\(Self.meanError(pixels))")
    }

    /// Asked for at least 16x12, the decoder scales by a quarter on the way; for 17x12,
    /// by three eighths (its scales go in eighths); for more than its size, not at all.
    @Test func aJpegIsDecodedScaledWhereThatIsEnough() throws {
        let quarter = try ImageDecoder.decode(Self.baseline, atLeast: (16, 12))
        #expect(quarter.width == 16 && quarter.height == 12)
        #expect(Self.meanError(quarter) < 4, "\(Self.meanError(quarter))")
        let threeEighths = try ImageDecoder.decode(Self.baseline, atLeast: (17, 12))
        #expect(threeEighths.width == 24 && threeEighths.height == 18)
        let eighth = try ImageDecoder.decode(Self.baseline, atLeast: (1, 1))
        #expect(eighth.width == 8 && eighth.height == 6)
        let whole = try ImageDecoder.decode(Self.baseline, atLeast: (500, 500))
        #expect(whole.width == 64 && whole.height == 48)
    }

    /// With an Exif segment saying 6 (a quarter turn clockwise), the image decodes
    /// turned, and asked for at least 12x16 as shown, scales by a quarter.
    @Test func anExifOrientationTurnsThePixels() throws {
        let turned = [0xFF, 0xD8] + ImageHeaderTests.exif(orientation: 6, littleEndian: false) + Self.baseline.dropFirst(2)
        let stored = try ImageDecoder.decode(Self.baseline)
        let shown = try ImageDecoder.decode(turned)
        #expect(shown == stored.oriented(6))
        #expect(shown.width == 48 && shown.height == 64)
        let scaled = try ImageDecoder.decode(turned, atLeast: (12, 16))
        #expect(scaled.width == 12 && scaled.height == 16)
    }

    /// Each orientation, on a 3x2 image of distinct pixels, shows each stored pixel
    /// where Exif says (a pixel's red is its number).
    @Test func orientationsPlaceEachPixel() {
        // Stored:  0 1 2
        //          3 4 5
        let stored = Pixels(width: 3, height: 2, rgba: (0..<6).flatMap { [UInt8($0), 0, 0, 255] })
        let expected: [Int: (width: Int, rows: [UInt8])] = [
            1: (3, [0, 1, 2, 3, 4, 5]), 2: (3, [2, 1, 0, 5, 4, 3]), 3: (3, [5, 4, 3, 2, 1, 0]), 4: (3, [3, 4, 5, 0, 1, 2]),
            5: (2, [0, 3, 1, 4, 2, 5]), 6: (2, [3, 0, 4, 1, 5, 2]), 7: (2, [5, 2, 4, 1, 3, 0]), 8: (2, [2, 5, 1, 4, 0, 3]),
        ]
        for (orientation, shown) in expected {
            let pixels = stored.oriented(orientation)
            #expect(pixels.width == shown.width, "orientation \(orientation)")
            #expect(stride(from: 0, to: pixels.rgba.count, by: 4).map { pixels.rgba[$0] } == shown.rows, "orientation \(orientation)")
        }
    }

    @Test func aCutOrCorruptJpegGivesItsReason() {
        var corrupt = Self.baseline
        for at in stride(from: 700, to: 900, by: 7) { corrupt[at] = 0xFF }
        for broken in [Array(Self.baseline.prefix(900)), corrupt, Array(Self.baseline.prefix(200))] {
            do {
                _ = try ImageDecoder.decode(broken)
                Issue.record("decoded")
            } catch {
                guard case .corrupt(let reason) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(!reason.isEmpty)
            }
        }
    }
}

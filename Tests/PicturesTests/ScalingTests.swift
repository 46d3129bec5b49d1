import Testing
@testable import Pictures

/// Pixels scaled down average what they cover, by alpha; scaled up, repeat the nearest.
@Suite("Scaling pixels")
struct ScalingTests {
    @Test func scalingDownAveragesWhatEachPixelCovers() {
        // 4x2: two 2x2 squares, black and white.
        var rgba: [UInt8] = []
        for _ in 0..<2 { rgba += [0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255] }
        let pixels = Pixels(width: 4, height: 2, rgba: rgba)
        #expect(pixels.scaled(toWidth: 2, height: 1).rgba == [0, 0, 0, 255, 255, 255, 255, 255])
        #expect(pixels.scaled(toWidth: 1, height: 1).rgba == [128, 128, 128, 255])
    }

    /// A transparent pixel's colour counts for nothing; its alpha counts.
    @Test func transparentPixelsLendNoColour() {
        let pixels = Pixels(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 0])
        #expect(pixels.scaled(toWidth: 1, height: 1).rgba == [255, 0, 0, 128])
        let clear = Pixels(width: 2, height: 2, rgba: Array(repeating: 0, count: 16))
        #expect(clear.scaled(toWidth: 1, height: 1).rgba == [0, 0, 0, 0])
    }

    @Test func scalingUpRepeatsTheNearest() {
        let pixels = Pixels(width: 2, height: 1, rgba: [1, 2, 3, 255, 4, 5, 6, 255])
        let wide = pixels.scaled(toWidth: 4, height: 2)
        #expect(wide.rgba == Array(repeating: [1, 2, 3, 255, 1, 2, 3, 255, 4, 5, 6, 255, 4, 5, 6, 255], count: 2).flatMap { $0 })
        #expect(pixels.scaled(toWidth: 2, height: 1) == pixels)
    }

    /// Any size to any size: a uniform picture stays uniform, and the size is the one
    /// asked for.
    @Test(arguments: [(7, 5, 3, 2), (3, 2, 7, 5), (100, 1, 1, 100), (1, 1, 9, 9), (640, 480, 37, 11)])
    func aUniformPictureStaysUniform(from: Int, fromHeight: Int, to: Int, toHeight: Int) {
        let pixels = Pixels(width: from, height: fromHeight, rgba: Array(repeating: [10, 200, 30, 255], count: from * fromHeight).flatMap { $0 })
        let scaled = pixels.scaled(toWidth: to, height: toHeight)
        #expect(scaled.width == to && scaled.height == toHeight)
        #expect(scaled.rgba == Array(repeating: [10, 200, 30, 255], count: to * toHeight).flatMap { $0 })
    }
}

import Foundation
import Pictures
import SystemIO
import Testing
import TestSupport

@testable import DocScroll

/// The picture byte figures are measured, not estimated: what the reader says it holds
/// (pixels kept whole in expanded mode, cells kept in windowed mode) matches what the
/// C allocator counts as newly in use (`mallinfo2`), within 10%, as the tiles' figure
/// does. Each measure runs in a process of its own (an exit test), so that no other
/// test allocates while the heap is read.
@Suite("Picture accounting", .enabled(if: ProcessMemory.isHeapCounted, "the C allocator's count of the heap is missing (a sanitizer's allocator)"))
struct PictureAccountingTests {
    /// `count` pictures of 300x200 pixels in a folder, each of its own colour, and
    /// their paths.
    private static func pictures(_ count: Int) throws -> (TemporaryFolder, [String]) {
        let folder = try TemporaryFolder("picture-accounting")
        let paths = try (0..<count).map { index in
            let path = folder.path("picture-\(index).png")
            try Data(TestPNG.solid(width: 300, height: 200, rgb: UInt32(index * 0x010203))).write(to: URL(fileURLWithPath: path))
            return path
        }
        return (folder, paths)
    }

    /// A picture drawn once by a reader then dropped: what libchafa and GLib allocate
    /// once for good (symbol tables, a thread pool) is not counted as pictures.
    private static func warmUp(_ path: String) {
        _ = PictureFiles(address: nil).cellsNow(of: path, box: ImageBox(columns: 30, rows: 10))
    }

    @Test func expandedPixelsMatchTheLiveHeapDelta() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let (folder, paths) = try Self.pictures(30)
            Self.warmUp(paths[0])
            let before = ProcessMemory.heapInUseBytes()
            let files = PictureFiles(address: nil, keepsPixels: true)
            for path in paths { _ = files.cellsNow(of: path, box: ImageBox(columns: 30, rows: 10)) }
            let delta = ProcessMemory.heapInUseBytes() - before
            print(files.figures.bytesLive, delta, files.figures.evictions)
            withExtendedLifetime((files, folder)) {}
        }
        let (counted, delta, _) = try #require(heapFigures(result))
        #expect(counted >= 30 * 300 * 200 * 4)
        #expect(abs(delta - counted) * 10 <= counted, "counted \(counted) bytes of pictures, the heap grew by \(delta)")
    }

    /// A windowed reader drawing more pictures than its budget of cells keeps: what it
    /// says it holds after the evictions is what the heap holds.
    @Test func windowedCellsMatchTheLiveHeapDeltaAfterEvictions() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let (folder, paths) = try Self.pictures(60)
            Self.warmUp(paths[0])
            let before = ProcessMemory.heapInUseBytes()
            let files = PictureFiles(address: nil, cellBudget: 40 * 120 * 20)
            for path in paths { _ = files.cellsNow(of: path, box: ImageBox(columns: 120, rows: 20)) }
            let delta = ProcessMemory.heapInUseBytes() - before
            print(files.figures.bytesLive, delta, files.figures.evictions)
            withExtendedLifetime((files, folder)) {}
        }
        let (counted, delta, evicted) = try #require(heapFigures(result))
        #expect(evicted == 20)
        #expect(counted == 40 * 120 * 20 * MemoryLayout<SymbolArt.Cell>.stride)
        #expect(abs(delta - counted) * 10 <= counted, "counted \(counted) bytes of pictures, the heap grew by \(delta)")
    }

    /// A reader drawing pictures in real pixels (sixel) keeps their pixels at the size
    /// of their boxes and their encodings within its pixel budget each: what it says
    /// it holds is bounded so, and is what the heap holds.
    @Test func pixelsAndEncodingsKeptWithinTheirBudgetMatchTheLiveHeapDelta() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let (folder, paths) = try Self.pictures(40)
            let box = ImageBox(columns: 30, rows: 10)
            _ = PictureFiles(address: nil).pixelSequence(of: paths[0], box: box, rows: 0..<10, as: .sixel, at: 0)
            let before = ProcessMemory.heapInUseBytes()
            // Pixels at the box's size: 300x200, 240,000 bytes a picture; four kept.
            let files = PictureFiles(address: nil, pixelBudget: 1_000_000)
            for path in paths {
                precondition(files.pixelSequence(of: path, box: box, rows: 0..<10, as: .sixel, at: 0) != nil)
                precondition(files.pixelSequence(of: path, box: box, rows: 2..<7, as: .sixel, at: 0) != nil)
            }
            let delta = ProcessMemory.heapInUseBytes() - before
            print(files.figures.bytesLive, delta, files.figures.bytesPeak)
            withExtendedLifetime((files, folder)) {}
        }
        let (counted, delta, peak) = try #require(heapFigures(result))
        #expect(counted >= 4 * 300 * 200 * 4 && counted <= 2_000_000, "within the budget of pixels and of encodings")
        #expect(peak <= 2_000_000 + 300 * 200 * 4)
        #expect(abs(delta - counted) * 10 <= counted, "counted \(counted) bytes of pictures, the heap grew by \(delta)")
    }
}

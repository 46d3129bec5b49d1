import FuzzDriver
import Pictures

/// libFuzzer target: image file bytes, their size read from the header and decoded
/// (the first byte, when not 0, asks for a scaled decoding at least that many pixels
/// each way): a decoding gives pixels or a reason, never a trap; it keeps to the pixel
/// limit; and pixels decoded at the image's own size have the header's size, the size
/// a page lays the image's box out at before any pixel comes. The same first byte asks
/// for the pixels to draw at exactly that size (a PNG read a row at a time into them):
/// pixels of that size or a reason.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count >= 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
    let atLeast = data[0] == 0 ? nil : (width: Int(data[0]), height: Int(data[0]))
    let limit = 4_000_000
    if let shown = atLeast, let drawn = try? ImageDecoder.decode(bytes, toShow: shown, exactly: true, pixelLimit: limit),
        drawn.width != shown.width || drawn.height != shown.height
    {
        fatalError("drawn at \(drawn.width)x\(drawn.height), asked for \(shown.width)x\(shown.height)")
    }
    let header = ImageHeader.read(bytes)
    guard let pixels = try? ImageDecoder.decode(bytes, atLeast: atLeast, pixelLimit: limit) else { return 0 }
    guard let header else { fatalError("decoded pixels without a header") }
    guard pixels.width * pixels.height <= limit else { fatalError("\(pixels.width)x\(pixels.height) over the limit") }
    if atLeast == nil, pixels.width != header.width || pixels.height != header.height {
        fatalError("decoded \(pixels.width)x\(pixels.height), the header says \(header.width)x\(header.height)")
    }
    return 0
}

/// The entry point (see `runLibFuzzer`).
@_cdecl("FuzzImage_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, fuzzImage)
}

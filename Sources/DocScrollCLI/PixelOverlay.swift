import DocScroll
import Pictures
import RenderCore
import SystemIO

/// Pictures drawn in real pixels over their boxes (`--images sixel` or `kitty`), after
/// each frame is written: drawn again where the frame moved them or wrote text over
/// them, and gone where they no longer show.
///
/// Sixels are pixels on the screen's cells: text written over a cell takes its
/// pixels, so a picture that moved is erased by having its old rows written again.
/// Kitty's pictures are a layer of their own: they are deleted and placed again.
struct PixelOverlay {
    let kind: PixelProtocol
    /// The placements of the last frame.
    private var shown: [PixelPlacement] = []
    /// Those of them not drawn (still encoded in the background), drawn once they are.
    private var missing: Set<PixelPlacement> = []

    init(kind: PixelProtocol) {
        self.kind = kind
    }

    /// The bytes that draw `frame` with `placements` over it: what goes before the
    /// frame, the frame's own, and the pictures after.
    mutating func update(to frame: FrameBuffer, placements: [PixelPlacement], view: DocScrollView, writer: inout ANSIFrameWriter) -> String {
        var output: [UInt8] = []
        let moved = placements != shown
        if moved {
            switch kind {
            case .sixel: writer.redraw(rows: shown.flatMap { $0.screenRow..<($0.screenRow + $0.rows.count) })
            case .kitty: if !shown.isEmpty { output += Self.deleteAll }
            }
        }
        output += Array(writer.update(to: frame).utf8)
        // (Sixels written over by text are drawn again; kitty's stay.)
        let written = Set(writer.rowsWritten)
        let overwritten = kind == .sixel && placements.contains { placement in
            (placement.screenRow..<(placement.screenRow + placement.rows.count)).contains(where: written.contains)
        }
        let drawn = moved || overwritten ? placements : placements.filter(missing.contains)
        missing = []
        for placement in drawn {
            if let sequence = view.pixelSequence(for: placement) {
                output += sequence
            } else {
                missing.insert(placement)
            }
        }
        shown = placements
        return String(decoding: output, as: UTF8.self)
    }

    /// What takes every picture off the screen as the viewer leaves (kitty's stay
    /// on their layer otherwise; sixels go with the alternate screen).
    mutating func clear() -> String {
        defer { shown = [] }
        return kind == .kitty && !shown.isEmpty ? String(decoding: Self.deleteAll, as: UTF8.self) : ""
    }

    /// Kitty: delete every placement (and free the images: `d=A`).
    private static let deleteAll = Array("\u{1B}_Ga=d,d=A\u{1B}\\".utf8)
}

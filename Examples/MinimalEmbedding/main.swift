import DocScroll
import Foundation

// The smallest embedding: read a page, build the view, print one frame of it.
// Usage: minimal-embedding PAGE.html [OFFSET]
let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: minimal-embedding PAGE.html [OFFSET]\n".utf8))
    exit(2)
}
do {
    let page = try InputFile.read(path)
    let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 60, height: 12))
    let frame = view.frame(at: Int(arguments.dropFirst().first ?? "0") ?? 0)
    for row in 0..<frame.height { print(frame.plainText(row: row)) }
    print("-- \(view.title): rows \(view.scrollOffset + 1)-\(view.scrollOffset + frame.height) of \(view.isLaidOut ? "" : "~")\(view.stackRows)")
} catch {
    FileHandle.standardError.write(Data("minimal-embedding: \(error)\n".utf8))
    exit(1)
}

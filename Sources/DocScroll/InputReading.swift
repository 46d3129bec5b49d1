import DataTable
import DocumentLayout
import HTMLParsing
import SystemIO

/// How a view reads its inputs into components, the one place that does: a table into
/// its rows (indexed in parts, arriving as it is decompressed, or whole), a page into
/// a windowed page (its index built on `threads`) or a whole one. A value, so that a
/// page a link leads to is read on another thread with the view's options.
struct InputReading: Sendable {
    /// The view's options: the mode, the width, the encoding, how tables are read.
    let options: DocScrollView.Options
    /// The threads a windowed page's index is built on.
    let threads: any LayoutThreads

    /// The rows of a table input: windowed, indexed in parts where the options say
    /// so; expanded, every row decoded up front.
    func tableModel(_ input: InputFile) throws(DocScrollError) -> TableModel {
        let tableOptions = recordOptions(input)
        let inParts = options.indexesTablesInParts && options.mode == .windowed && !options.wrapsTableCells
        if let spool = input.tableSpool {
            guard showsArriving(input) else {
                return try tableModel(try InputFile.whole(input.name, arrivingIn: spool))
            }
            do {
                return try TableModel(records: NoBytesYet(), options: tableOptions, indexingFirst: nil)
            } catch {
                throw .badInput(name: input.name, reason: error.description)
            }
        }
        if let file = input.mapping, file.bytes.isEmpty {
            // An empty file of a record a line (`InputFile.table`): no rows yet.
            do {
                return try TableModel(records: file, options: tableOptions, indexingFirst: nil)
            } catch {
                throw .badInput(name: input.name, reason: error.description)
            }
        }
        let model = try Self.read(input) { bytes throws(DataTableError) in
            if let file = input.mapping {
                return try TableModel(records: file, options: tableOptions, indexingFirst: inParts ? DocScrollView.firstTableIndexPart : nil)
            }
            return try TableModel(records: bytes, options: tableOptions)
        }
        // Expanded decodes every row up front; windowed only the rows shown.
        if options.mode == .expanded { model.decodeAll() }
        return model
    }

    /// Whether a compressed table is shown as it arrives (`ArrivingTable`), from no
    /// rows: in a terminal (where tables are indexed in parts), unless sorted, picked
    /// or expanded (every row is read first), and unless written out (a dump, a frame:
    /// it is read whole first, and data cut short is an error).
    func showsArriving(_ input: InputFile) -> Bool {
        input.tableSpool != nil && options.indexesTablesInParts && options.showsTablesArriving && options.mode == .windowed
            && options.table.sortColumn == nil
            && options.table.columns == nil
    }

    /// How the records of a table input are read: the format given, else the one the
    /// file's name says (a compressed file decompressed has no path: its name as
    /// given), else its content's.
    func recordOptions(_ input: InputFile) -> RecordIndex.Options {
        var tableOptions = options.table
        tableOptions.format = tableOptions.format ?? TableFormat(pathExtensionOf: input.name)
        return tableOptions
    }

    /// The page at `path` as the view reads it when a link leads there or it is read
    /// again: whole when expanded, a window at a time when windowed; a regular file
    /// only (a named pipe or a terminal device would stop the viewer).
    func pageInput(_ path: String) throws(DocScrollError) -> InputFile {
        options.mode == .windowed ? try InputFile.page(path, regularOnly: true) : try InputFile.read(path, regularOnly: true)
    }

    /// The page `input` sends its reader to at once (`StyleSources.redirect`: a stub
    /// left where a page was), as a browser goes there: a regular file on this
    /// machine, `redirectsFollowed` hops at most, never back to one met; else
    /// `input` itself, shown as it is (docscroll reads no network, and a target it
    /// cannot read leaves the stub's link to it).
    func followingRedirects(_ input: InputFile) -> InputFile {
        var current = input
        var met: Set<String> = []
        for _ in 0..<Self.redirectsFollowed {
            guard let path = current.path, let address = current.address, met.insert(FileSystem.absolutePath(path) ?? path).inserted,
                let target = StyleSources.redirect(current.firstBytes(Self.headBytes)),
                case .file(let targetPath, _, _) = LinkDestination(target, on: address), !met.contains(targetPath),
                let next = try? pageInput(targetPath)
            else { break }
            current = next
        }
        return current
    }

    /// Redirects followed from a page at most.
    static let redirectsFollowed = 8

    /// The first bytes of a page read for a redirect (its head, where one is).
    static let headBytes = 1 << 16

    /// A page's component. Expanded parses the page whole and lays it all out now.
    /// Windowed reads it a window at a time: its checkpoint index is built on another
    /// thread while the first screen is laid out from the first chunk.
    func page(_ input: InputFile) throws(DocScrollError) -> any PageComponent {
        let address = input.address
        guard options.mode == .windowed else {
            let document = try Self.read(input) { bytes throws(HTMLParsingError) in
                try HTMLParser.parse(bytes, encoding: options.encoding, styles: styles(head: bytes.prefix(StyleSources.maximumBytes), address: address))
            }
            return WholePage(document: document, width: options.width, address: address, pictures: options.pictureLayout(address: address))
        }
        let page = try styledSource(input)
        let index = PageIndex(source: page.source, start: page.start, threads: threads)
        let chunkBytes = options.pageChunkBytes
        threads.run(waits: true) { index.build(chunkBytes: chunkBytes) }
        return WindowedPage(
            index: index, width: options.width, cacheBytes: options.pageCacheBytes, address: address, pictures: options.pictureLayout(address: address))
    }

    /// A page as UTF-8 (`utf8Source`), with its stylesheets where the options read them.
    func styledSource(_ input: InputFile) throws(DocScrollError) -> (source: any PageSource, start: Int) {
        let page = try Self.utf8Source(input, encoding: options.encoding)
        let head = page.source.bytes(page.start..<(page.start + StyleSources.maximumBytes))
        return (StyledPageSource(page.source, styles: styles(head: head, address: input.address)), page.start)
    }

    /// The styles of a page that starts with `head`, where the options read them.
    private func styles(head: some RandomAccessCollection<UInt8>, address: PageAddress?) -> PageStyles? {
        guard options.readsStyles else { return nil }
        return PageStyleSheets.styles(head: head, address: address, user: options.userStyleSheet, screen: options.styleScreen)
    }

    /// A page as UTF-8, read a window at a time: the page itself (from past its byte
    /// order mark), or, in another encoding, converted as it is read (a window at a
    /// time, into a spool the index and the chunks read as it fills).
    /// - Throws: `DocScrollError.badInput` for unusable input or an unknown encoding.
    static func utf8Source(_ input: InputFile, encoding: String?) throws(DocScrollError) -> (source: any PageSource, start: Int) {
        let source = try InputFile.checked(input).source
        let found: (name: String, start: Int)
        do {
            found = try HTMLParser.encoding(of: source, override: encoding)
        } catch {
            throw .badInput(name: input.name, reason: error.description)
        }
        guard found.name != "UTF-8", PageConverter(from: found.name) != nil else { return (source, found.start) }
        let converted = SpooledInput { append in
            guard let converter = PageConverter(from: found.name) else { return nil }
            var offset = found.start
            while true {
                let window = source.bytes(offset..<(offset + (1 << 16)))
                offset += window.count
                if window.isEmpty {
                    // The end, unless the page is still arriving.
                    guard !source.isComplete, source.waitForBytes(beyond: offset) > offset else { break }
                    continue
                }
                guard append(converter.convert(window, isLast: false)[...]) else { return nil }
            }
            _ = append(converter.convert([], isLast: true)[...])
            return nil
        }
        return (converted, 0)
    }

    /// Checks an input and parses it, naming the input in any error.
    private static func read<Value, Failure: Error & CustomStringConvertible>(
        _ input: InputFile, _ parse: ([UInt8]) throws(Failure) -> Value
    ) throws(DocScrollError) -> Value {
        let checked = try InputFile.checked(input)
        // A page opened to be read by windows is read whole here (expanded).
        let bytes = checked.pageSource.map { $0.bytes(0..<$0.byteCount) } ?? checked.bytes
        do {
            return try parse(bytes)
        } catch {
            throw .badInput(name: input.name, reason: error.description)
        }
    }
}

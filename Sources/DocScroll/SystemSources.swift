import DataTable
import DocumentLayout
import HTMLParsing
import SystemIO

// The files, input and threads of the I/O boundary, as the parser, the table and
// layout use them.

extension ReadableFile: PageSource {}

extension SpooledInput: PageSource {}

extension MappedFile: TableFile {}

extension SystemThreads: LayoutThreads {}

extension SystemSemaphore: LayoutSemaphore {}

extension SystemLock: LayoutLock {}

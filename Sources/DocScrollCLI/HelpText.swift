enum HelpText {
    static let version = "docscroll 0.1.0"

    static let usage = """
        Usage: docscroll [PAGE.html ...] [--table ITEMS.json ...] [options]

        Shows tables of JSON records and HTML pages in one scroll: tables first, in the
        order given, then pages. Interactive when standard output is a terminal;
        otherwise prints the whole content as plain text (as --dump).

        Inputs:
          PAGE.html              an HTML page, of any size (read as it is shown); -
                                 reads the page from standard input, shown as it
                                 arrives; a file named .json, .jsonl, .ndjson, .csv,
                                 .tsv or .tab is a table
          --page FILE            FILE is a page, whatever its name
          +F, +G, +/PATTERN, +N  as less: in the viewer, follow, go to the end,
                                 search, go to row N (+g the top, +N% N percent)
          -t, --table FILE       JSON records: an array of objects, an object holding
                                 one (the largest), JSON Lines, or an array of arrays;
                                 or CSV or TSV (by its name or its content)
          --format FORMAT        tables are json, jsonl, csv or tsv, whatever their
                                 names or content say
          --table-path KEYS      the records are at these keys (and positions), such
                                 as data.items or results.0.rows
          --no-header            an array of arrays, a CSV or a TSV has no header row
                                 (columns 1, 2...)
          --columns A,B,C        show these columns, in this order
          --sort [-]KEY          rows sorted by a column (numbers as numbers),
                                 ascending, or descending with -; ties keep order
          --freeze N             table columns that stay at the left when the others
                                 scroll sideways (default 1; 0 for none)
          --wrap                 table cells wrap inside their columns (rows of
                                 several lines) instead of being cut with …
          --tabs                 the tables (or every --table after this, when
                                 some follow) as tabs:
                                 one shown at a time under a tab bar pinned with
                                 its header (t/T switch; each keeps its place);
                                 --dump prints them one after another
          --encoding NAME        read pages in this encoding, whatever they declare
          --no-css               read pages without their stylesheets (show what
                                 their CSS hides)
          --css FILE             a stylesheet of your own for every page, over the
                                 pages' rules but for their !important ones
          --css-screen WxH       the screen the pages' @media rules are read for,
                                 in CSS pixels (default 1280x1024, a desktop's)
          --color-scheme SCHEME  light or dark: the terminal's background, which
                                 the pages' colours are made to read on, and
                                 prefers-color-scheme (default: as COLORFGBG
                                 says, else light, colours readable on either)
          --spool-limit SIZE     standard input, or a compressed input once
                                 decompressed, kept at most (in a temporary file
                                 past a few megabytes; default 4G); a page stops
                                 there with a note, a table is an error

        Output:
          --dump                 print the whole content as plain text
          --frame OFFSET         print only the viewport at root offset OFFSET (rows
                                 as a dump numbers them: exact, where the viewer
                                 marks estimates with ~); inputs are read only as
                                 far as the viewport needs
          --scroll-x N           with --frame: N table columns scrolled out at the left
          --width N, --height N  viewport size (default: the terminal's, else 80x24)
          --scroll-through       render every frame from top to bottom and print the
                                 frame times (median, p99, max) and peak tile bytes
                                 as one JSON object
          --step N               with --scroll-through: rows between frames (default:
                                 a viewport)
          --mode MODE            windowed (the default: parse, lay out and build only
                                 what the viewport needs) or expanded (everything up
                                 front)
          --tile-rows N          rows per tile (default 16)
          --tile-budget SIZE     tiles kept near the viewport when windowed: bytes
                                 (4M, 512K) or viewports of cells (default 8x)
          --stats                print memory figures as one JSON object on stderr
                                 (in the viewer: live figures in the status line)
          --no-mouse             leave the mouse to the terminal (its own selection)
                                 instead of scrolling with the wheel
          --scrollbar            start with a scrollbar for the whole stack (s toggles)
          --color WHEN           auto (default), always or never; NO_COLOR is honoured;
                                 always styles --dump and piped output too
          --images HOW           none (default: alt text), symbols (pictures drawn in
                                 coloured blocks, each in a box of its size), sixel
                                 or kitty (real pixels over the same boxes), or auto
                                 (what the terminal draws; symbols in tmux)
          --image-budget SIZE    pictures drawn kept when windowed: bytes of their
                                 cells (4M) or viewports of cells (default 8x)
          -h, --help             show this help
          -V, --version          show the version

        Keys (as in less): j/k or Up/Down (row), Space/b or PgDn/PgUp (page), d/u
              (half page), g/G (top, end; 50g a row, 50% a fraction), Left/Right
              (table columns), / and ? (search), n/N (next, previous match),
              Tab/Shift-Tab and Enter (links, to local pages too), Backspace or B
              (back), '' (before the last jump), ]/[ (components), = (position),
              t/T (tabs), v (a table row's record whole), c (a row cursor),
              s (a scrollbar), F (follow growing tables), R (reload), h (help),
              Ctrl-C (stop following or a search), q (quit).
              A number before a key repeats it.
        """
}

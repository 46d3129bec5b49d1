import Glibc

/// How many files the process may hold open. Each input keeps its file open while it
/// is shown (read a window at a time, or mapped and read again in parts), so the
/// soft limit most shells set (1,024) stopped a stack of about a thousand inputs.
package enum OpenFileLimit {
    /// Raises the soft limit on open files to the hard limit (as Go's runtime does at
    /// start); where the hard limit is lower than the inputs need, opening one says so.
    /// - Returns: the soft limit in force after.
    @discardableResult
    package static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }
}

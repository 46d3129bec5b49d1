import Glibc

/// How many files the process may hold open. Inputs are read through descriptors
/// closed and opened again as they are used (`InputDescriptor`), half the limit at
/// most, so that a stack of any number of inputs fits under it.
package enum OpenFileLimit {
    /// Raises the soft limit on open files to the hard limit (as Go's runtime does at
    /// start), and lets inputs keep half of it open (1,024 at most).
    /// - Returns: the soft limit in force after.
    @discardableResult
    package static func raise() -> Int {
        let limit = raisedLimit()
        OpenInputs.shared.budget = min(1_024, limit / 2)
        return limit
    }

    private static func raisedLimit() -> Int {
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

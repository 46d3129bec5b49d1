import Foundation

/// Benchmark figures held against budgets: the regression check of
/// `docscroll-bench --check`.
///
/// A budget names a figure (`suite.figure`, such as `memory.windowedTileBytesPeak`) and
/// bounds it from above or below. Budgets are set with room over what a run measures
/// on a shared machine: they catch regressions, not noise.
public struct Budget: Hashable, Sendable, Codable {
    /// The largest value allowed.
    public var max: Double?
    /// The smallest value allowed.
    public var min: Double?

    public init(max: Double? = nil, min: Double? = nil) {
        self.max = max
        self.min = min
    }
}

public enum BudgetCheck {
    /// One figure's verdict.
    public struct Verdict: Hashable, Sendable {
        public var figure: String
        public var value: Double?
        public var budget: Budget
        public var passed: Bool
        /// What the first measurement gave, when it missed the budget and the figure
        /// was measured again (`value` is the second).
        public var firstValue: Double?

        /// "PASS memory.windowedTileBytesPeak 1489896 (max 4000000)", or "SKIP ..."
        /// for a figure this run did not measure; a figure measured twice says what
        /// the two measurements make of the miss: noise or a regression.
        public var line: String {
            var bounds: [String] = []
            if let max = budget.max { bounds.append("max \(Self.number(max))") }
            if let min = budget.min { bounds.append("min \(Self.number(min))") }
            guard let value else { return "SKIP \(figure): not measured in this run (\(bounds.joined(separator: ", ")))" }
            if let firstValue {
                bounds.append(passed
                    ? "\(Self.number(firstValue)) at first: noise, within the budget when measured again"
                    : "\(Self.number(firstValue)) at first and again: a regression")
            }
            return "\(passed ? "PASS" : "FAIL") \(figure) \(Self.number(value)) (\(bounds.joined(separator: "; ")))"
        }

        static func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.4g", value)
        }
    }

    /// Each budget's verdict, in the order of the figures' names. A figure the run did
    /// not measure (a quick run skips the largest inputs) passes as skipped.
    public static func evaluate(_ figures: [String: Double], against budgets: [String: Budget]) -> [Verdict] {
        budgets.sorted { $0.key < $1.key }.map { figure, budget in
            guard let value = figures[figure] else { return Verdict(figure: figure, value: nil, budget: budget, passed: true) }
            let passed = (budget.max.map { value <= $0 } ?? true) && (budget.min.map { value >= $0 } ?? true) && value.isFinite
            return Verdict(figure: figure, value: value, budget: budget, passed: passed)
        }
    }

    /// The suites whose figures missed their budgets (a figure's suite is its name's
    /// first part: `hostile.worstSeconds` is the `hostile` suite's), to be run once
    /// more: on a shared machine, a figure of time can miss once through another
    /// process's load.
    public static func suitesToMeasureAgain(_ verdicts: [Verdict]) -> Set<String> {
        Set(verdicts.filter { !$0.passed && $0.value != nil }.compactMap { $0.figure.split(separator: ".").first.map(String.init) })
    }

    /// The verdicts after the missed figures were measured again (`again`): a figure
    /// within its budget the second time passes as noise, one that misses twice fails
    /// as a regression; each keeps its first value.
    public static func settle(_ verdicts: [Verdict], measuredAgain again: [String: Double]) -> [Verdict] {
        verdicts.map { verdict in
            guard !verdict.passed, let first = verdict.value, let second = again[verdict.figure] else { return verdict }
            var settled = evaluate([verdict.figure: second], against: [verdict.figure: verdict.budget])[0]
            settled.firstValue = first
            return settled
        }
    }

    /// The budgets in a `budgets.json` file's text: an object of figure names to
    /// `{"max": n}`, `{"min": n}` or both.
    public static func budgets(fromJSON text: String) throws -> [String: Budget] {
        try JSONDecoder().decode([String: Budget].self, from: Data(text.utf8))
    }
}

import BenchmarkBudgets
import Foundation
import Testing

/// The benchmark's regression check: figures within their budgets pass, a budget
/// tightened below what was measured fails, figures a run did not measure are skipped.
@Suite("Benchmark budgets")
struct BudgetCheckTests {
    /// Figures as a quick run measured them.
    let figures: [String: Double] = [
        "memory.windowedTileBytesPeak": 1_489_896,
        "memory.expandedOverWindowedTileBytes.100000KB": 5_106,
        "memory.windowedFrameMedianMs": 0.56,
    ]

    /// The budgets the project keeps.
    func projectBudgets() throws -> [String: Budget] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/budgets.json")
        return try BudgetCheck.budgets(fromJSON: String(contentsOf: url, encoding: .utf8))
    }

    @Test func measuredFiguresPassTheProjectBudgets() throws {
        let verdicts = BudgetCheck.evaluate(figures, against: try projectBudgets())
        let failed = verdicts.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed.map(\.line))")
        #expect(verdicts.contains { $0.figure == "memory.windowedTileBytesPeak" && $0.value != nil })
        // What this run did not measure is reported as skipped, not failed.
        let skipped = try #require(verdicts.first { $0.figure == "table.windowedFirstFrameSeconds.1000000" })
        #expect(skipped.passed && skipped.value == nil && skipped.line.hasPrefix("SKIP"))
    }

    @Test func aTightenedBudgetFails() throws {
        var budgets = try projectBudgets()
        budgets["memory.windowedTileBytesPeak"] = Budget(max: 1_000_000)
        budgets["memory.expandedOverWindowedTileBytes.100000KB"] = Budget(min: 10_000)
        let failed = BudgetCheck.evaluate(figures, against: budgets).filter { !$0.passed }
        #expect(failed.map(\.figure) == ["memory.expandedOverWindowedTileBytes.100000KB", "memory.windowedTileBytesPeak"])
        #expect(failed[1].line == "FAIL memory.windowedTileBytesPeak 1489896 (max 1000000)")
    }

    @Test func bothBoundsAndNonFiniteValues() {
        let budgets = ["x": Budget(max: 2, min: 1)]
        #expect(BudgetCheck.evaluate(["x": 1.5], against: budgets)[0].passed)
        #expect(!BudgetCheck.evaluate(["x": 0.5], against: budgets)[0].passed)
        #expect(!BudgetCheck.evaluate(["x": 2.5], against: budgets)[0].passed)
        #expect(!BudgetCheck.evaluate(["x": .nan], against: budgets)[0].passed)
    }

    @Test func badBudgetFilesAreErrors() {
        #expect(throws: (any Error).self) { try BudgetCheck.budgets(fromJSON: "{\"x\": 3}") }
        #expect(throws: (any Error).self) { try BudgetCheck.budgets(fromJSON: "not json") }
    }
}

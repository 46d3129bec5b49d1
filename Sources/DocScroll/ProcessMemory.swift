import FoundationEssentials

/// The process's memory as the kernel counts it.
public enum ProcessMemory {
    /// Peak resident set size (VmHWM), in bytes, or 0 where `/proc` is not available.
    public static func peakResidentBytes() -> Int {
        statusField("VmHWM")
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: "/proc/self/status")) else { return 0 }
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter { $0.isNumber }
            return (Int(digits) ?? 0) * 1024
        }
        return 0
    }
}

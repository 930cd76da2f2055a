import Demos
import Dispatch
import Foundation
import GridKit
import GridKitTesting

typealias IndexPath = GridKit.IndexPath

let benchSize = Size(width: 120, height: 40)

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func ms(_ ns: UInt64) -> String { String(format2(Double(ns) / 1e6)) }
func format2(_ v: Double) -> String {
    let scaled = (v * 1000).rounded() / 1000
    return "\(scaled)"
}
func percentile(_ values: [UInt64], _ p: Double) -> UInt64 {
    let s = values.sorted()
    return s[min(s.count - 1, Int(Double(s.count - 1) * p))]
}
func peakMemoryKB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}
func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func row(_ cells: [String]) { print(zip(cells, [34, 14, 14, 14, 16, 18, 12]).map { pad($0, $1) }.joined()) }

import Foundation
import StrokeCenters
import StrokeJSON
import StrokeModels

// centers-bench DATASET.json [QUERIES]
//
// In-process benchmark of the nearest-center index (run by Scripts/bench.d/centers,
// release build). Prints Markdown table rows:
// | what | baseline (same run) | measured | ratio | goal |

/// SplitMix64, so the query points are the same in every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func format(_ s: Double) -> String {
    if s >= 1 { return String(format: "%.2f s", s) }
    if s >= 1e-3 { return String(format: "%.1f ms", s * 1e3) }
    return String(format: "%.2f µs", s * 1e6)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: CentersBench DATASET.json [QUERIES]\n".utf8))
    exit(64)
}
let queries = arguments.count > 2 ? Int(arguments[2]) ?? 2000 : 2000
let clock = ContinuousClock()

// Load: read + parse + validate + build the index; median of 3.
var loadTimes: [Double] = []
var dataset: CenterDataset?
for _ in 0..<3 {
    let start = clock.now
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[1])))
    dataset = try CenterDataset(json: bytes, name: arguments[1])
    loadTimes.append(seconds(clock.now - start))
}
let data = dataset!
var parseTimes: [Double] = []
let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[1])))
for _ in 0..<3 {
    let start = clock.now
    _ = try JSONValue(parsing: raw)
    parseTimes.append(seconds(clock.now - start))
}
var validateTimes: [Double] = []
for _ in 0..<3 {
    let start = clock.now
    _ = try CenterDataset(centers: data.centers, name: "again")
    validateTimes.append(seconds(clock.now - start))
}
var buildTimes: [Double] = []
for _ in 0..<3 {
    let start = clock.now
    _ = NearestCenterIndex(data.centers)
    buildTimes.append(seconds(clock.now - start))
}

var g = SplitMix(state: 20_240_928)
let origins = (0..<queries).map { _ in
    Coordinate(latitude: Double.random(in: 47.2...55.1, using: &g), longitude: Double.random(in: 5.8...15.1, using: &g))
}
let filter = CenterFilter.all(.thrombectomy)
var indexTimes: [Double] = []
var bruteTimes: [Double] = []
var mismatches = 0
for (i, o) in origins.enumerated() {
    let t0 = clock.now
    let fast = data.index.nearest(to: o, limit: 5, filter: filter)
    let t1 = clock.now
    indexTimes.append(seconds(t1 - t0))
    if i % 10 == 0 {  // brute force is slow: every 10th origin
        let t2 = clock.now
        let slow = data.index.bruteForceNearest(to: o, limit: 5, filter: filter)
        bruteTimes.append(seconds(clock.now - t2))
        if slow != fast { mismatches += 1 }
    }
}
let n = data.centers.count
let mIndex = median(indexTimes), mBrute = median(bruteTimes)
print("| nearest top-5, filter thrombectomy, \(n) centers (median of \(indexTimes.count); \(mismatches) mismatches vs brute force) | brute force \(format(mBrute)) | \(format(mIndex)) | \(String(format: "%.0f", mBrute / mIndex))× faster | ≤ 50 µs median |")
let mLoad = median(loadTimes), mParse = median(parseTimes)
print("| load \(n) centers: read, parse, validate, build index (median of 3) | the JSON parse alone (StrokeJSON) \(format(mParse)) | \(format(mLoad)) | \(String(format: "%.2f", mParse / mLoad))× | — |")
print("| of which: validate (duplicates) + sort + build index (median of 3) | — | \(format(median(validateTimes))) | — | — |")
print("| of which: build the k-d index (median of 3) | — | \(format(median(buildTimes))) | — | — |")
print(try outcomeLayerRow(data, origins: Array(origins.prefix(1000)), clock: clock))
if mismatches > 0 { exit(1) }

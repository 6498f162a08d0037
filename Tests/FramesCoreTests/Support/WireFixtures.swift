#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import FramesCore

/// Loads files under Tests/fixtures/wire, found relative to this source file.
enum WireFixtures {
    static let directory: String = {
        var path = "\(#filePath)"
        // .../Tests/FramesCoreTests/Support/WireFixtures.swift -> .../Tests
        for _ in 0..<3 {
            if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        }
        return path + "/fixtures/wire"
    }()

    /// The bytes of `Tests/fixtures/wire/<relative>`; empty if unreadable
    /// (the test then fails on the content, with the path in its message).
    static func bytes(_ relative: String) -> [UInt8] {
        let path = directory + "/" + relative
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, 65_536, file) }
            if n <= 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }

    static func text(_ relative: String) -> String {
        String(decoding: bytes(relative), as: UTF8.self)
    }
}

/// Runs `body`, expecting a FramesError; returns it (nil if nothing was thrown).
func thrownError<T>(_ body: () throws(FramesError) -> T) -> FramesError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

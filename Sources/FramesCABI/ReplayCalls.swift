// Decides: XC-13
import CFramesLibc
import CFrames
import FramesCore

// Section "Recording and replay" of frames.h.

@_cdecl("frames_replay_options_init")
public func frames_replay_options_init(_ options: UnsafeMutablePointer<frames_replay_options>?, _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        let out = try required(options, "options")
        try checkVersion(version, is: FRAMES_REPLAY_OPTIONS_VERSION, "frames_replay_options")
        out.pointee = frames_replay_options(version: version, transcript: nil, transcript_user_data: nil,
                                            engine_options: nil, explain_object: nil, explain_at_ms: 0)
    }
}

@_cdecl("frames_replay")
public func frames_replay(
    _ recording: UnsafePointer<UInt8>?, _ recordingLength: UInt, _ options: UnsafePointer<frames_replay_options>?,
    _ outReport: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLength: UnsafeMutablePointer<UInt>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let reportOut = try required(outReport, "out_report")
        let lengthOut = try required(outLength, "out_len")
        let length = try elementCount(recordingLength, "recording_len", elementSize: 1)
        if length > 0 { _ = try required(recording, "recording") }
        let bytes = recording.map { Array(copyingBytes: $0, count: length) } ?? []
        var settings = frames_replay_options(version: UInt32(FRAMES_REPLAY_OPTIONS_VERSION), transcript: nil,
                                             transcript_user_data: nil, engine_options: nil, explain_object: nil,
                                             explain_at_ms: 0)
        if let options {
            try checkVersion(of: options, is: FRAMES_REPLAY_OPTIONS_VERSION, "frames_replay_options")
            settings = options.pointee
        }
        let engineOptions = try settings.engine_options.map { (o) throws(FramesError) in try CEngineOptions.read(o) }
        let object = try text(settings.explain_object, "explain_object")
        let replayer = try Replayer(bytes, options: engineOptions, explain: object, at: settings.explain_at_ms)
        if let write = settings.transcript {
            let userData = settings.transcript_user_data
            replayer.script.transcript = { line in
                line.withMemoryRebound(to: CChar.self) { write($0.baseAddress, $0.count, userData) }
            }
        }
        let report = try replayer.run()
        reportOut.pointee = try ReplayReports.keep(report)
        lengthOut.pointee = UInt(report.utf8.count)
    }
}

/// The calling thread's last replay report, kept in a pthread key like
/// LastError: borrowed until the thread's next frames_replay, freed when the
/// thread ends.
enum ReplayReports {
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        guard pthread_key_create(&key, { block in free(block) }) == 0 else { return nil }
        return key
    }()

    static func keep(_ report: String) throws(FramesError) -> UnsafePointer<CChar> {
        let utf8 = Array(report.utf8)
        guard let key, let block = malloc(utf8.count + 1)?.assumingMemoryBound(to: UInt8.self) else {
            throw FramesError(.outOfMemory, "no memory for the replay report (\(utf8.count) bytes)")
        }
        for (i, byte) in utf8.enumerated() { block[i] = byte }
        block[utf8.count] = 0
        free(pthread_getspecific(key))
        pthread_setspecific(key, block)
        return UnsafeRawPointer(block).assumingMemoryBound(to: CChar.self)
    }
}

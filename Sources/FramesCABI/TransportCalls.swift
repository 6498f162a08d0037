import CFrames
import FramesCore

// Section "Engine" of frames.h, sans-IO half: requests out, answers in,
// deadlines (XC-01, XC-06).

@_cdecl("frames_engine_poll_request")
public func frames_engine_poll_request(
    _ handle: OpaquePointer?, _ outRequest: UnsafeMutablePointer<frames_request>?, _ outAvailable: UnsafeMutablePointer<Bool>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let out = try required(outRequest, "out_request")
        let available = try required(outAvailable, "out_available")
        guard let request = try entry.recorded("frames_engine_poll_request", nil, { _ in }, { () throws(FramesError) in
            try entry.engine.pollRequest()
        }) else {
            available.pointee = false
            return
        }
        entry.recordReturn("frames_engine_poll_request") { line in
            line.field("id", request.id)
            line.field("method", request.method)
            line.field("url", request.url)
            line.field("headers", request.headers.map { $0.name + ": " + $0.value })
            line.body("body", request.body)
            line.field("deadline_ms", request.deadline)
        }
        out.pointee = try entry.lend { $0.lend(request) }
        available.pointee = true
    }
}

extension CArena {
    /// A request as C sees it, its text and body lent until the next call:
    /// one access to the engine's arena for all of them.
    mutating func lend(_ request: OutgoingRequest) -> frames_request {
        let headers = request.headers
        var names: UnsafePointer<UnsafePointer<CChar>?>?
        var values: UnsafePointer<UnsafePointer<CChar>?>?
        if !headers.isEmpty {
            let nameTexts = headers.map { string($0.name) }
            let valueTexts = headers.map { string($0.value) }
            names = array(nameTexts)
            values = array(valueTexts)
        }
        return frames_request(
            id: request.id, method: Self.method(request.method) ?? string(request.method), url: string(request.url),
            header_count: headers.count, header_names: names, header_values: values,
            body: request.body.isEmpty ? Self.noBody : bytes(request.body), body_len: request.body.count,
            deadline_ms: request.deadline)
    }

    /// The methods the modules use, as C strings made once: every request
    /// lent one.
    private static func method(_ method: String) -> UnsafePointer<CChar>? {
        switch method {
        case "GET": return get
        case "POST": return post
        default: return nil
        }
    }

    nonisolated(unsafe) private static let get = StaticText.make("GET")
    nonisolated(unsafe) private static let post = StaticText.make("POST")
    /// A request without a body still lends a pointer (its length is 0).
    nonisolated(unsafe) private static let noBody = UnsafeRawPointer(StaticText.empty).assumingMemoryBound(to: UInt8.self)
}

@_cdecl("frames_engine_complete_request")
public func frames_engine_complete_request(
    _ handle: OpaquePointer?, _ requestId: UInt64, _ status: Int32,
    _ headerNames: UnsafePointer<UnsafePointer<CChar>?>?, _ headerValues: UnsafePointer<UnsafePointer<CChar>?>?,
    _ headerCount: UInt, _ body: UnsafePointer<UInt8>?, _ bodyLength: UInt, _ now: Int64
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let count = try elementCount(headerCount, "header_count", elementSize: MemoryLayout<UnsafePointer<CChar>>.stride)
        var headers: [HTTPHeader] = []
        if count > 0 {
            let names = try required(headerNames, "header_names")
            let values = try required(headerValues, "header_values")
            headers.reserveCapacity(count)
            for i in 0..<count {
                headers.append(HTTPHeader(try requiredText(names[i], "header_names[\(i)]"),
                                          try requiredText(values[i], "header_values[\(i)]")))
            }
        }
        let length = try elementCount(bodyLength, "body_len", elementSize: 1)
        if length > 0 { _ = try required(body, "body") }
        let bytes = body.map { Array(copyingBytes: $0, count: length) } ?? []
        try entry.recorded("frames_engine_complete_request", nil, { line in
            line.field("id", requestId)
            line.field("status", Int64(status))
            line.field("header_names", headers.map { $0.name })
            line.field("header_values", headers.map { $0.value })
            line.body("body", bytes)
            line.field("now_ms", now)
        }) { () throws(FramesError) in
            try entry.engine.completeRequest(requestId, status: Int(status), headers: headers, body: bytes, now: now)
        }
    }
}

@_cdecl("frames_engine_fail_request")
public func frames_engine_fail_request(
    _ handle: OpaquePointer?, _ requestId: UInt64, _ message: UnsafePointer<CChar>?, _ now: Int64
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let reason = try text(message, "message")
        try entry.recorded("frames_engine_fail_request", nil, { $0.field("id", requestId); $0.field("message", reason); $0.field("now_ms", now) }) {
            () throws(FramesError) in
            try entry.engine.failRequest(requestId, message: reason, now: now)
        }
    }
}

@_cdecl("frames_engine_get_next_deadline")
public func frames_engine_get_next_deadline(
    _ handle: OpaquePointer?, _ outDeadline: UnsafeMutablePointer<Int64>?, _ outHasDeadline: UnsafeMutablePointer<Bool>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let deadline = try required(outDeadline, "out_deadline_ms")
        let has = try required(outHasDeadline, "out_has_deadline")
        if let next = entry.engine.nextDeadline {
            deadline.pointee = next
            has.pointee = true
        } else {
            has.pointee = false
        }
    }
}

@_cdecl("frames_engine_on_timeout")
public func frames_engine_on_timeout(_ handle: OpaquePointer?, _ now: Int64) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        try entry.recorded("frames_engine_on_timeout", nil, { $0.field("now_ms", now) }) { () throws(FramesError) in
            try entry.engine.onTimeout(now: now)
        }
    }
}

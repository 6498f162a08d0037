/// Numbers of `JSONStreamReader`: the grammar, the length limit and exact
/// integers are `JSONNumberToken`'s, shared with `JSONParser`.
extension JSONStreamReader {
    typealias Number = JSONNumberToken

    mutating func number() throws(FramesError) -> Number {
        skipWhitespace()
        return try JSONNumberToken.read(bytes, at: &pos)
    }
}

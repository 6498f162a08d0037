/// The panel's styles of a message (IM-07): colours and font sizes, with
/// their defaults when the panel set none.
extension MessageFieldReader {
    mutating func color(_ reader: inout JSONStreamReader, _ key: String, default fallback: MessageColor,
                        path: () -> String) throws(FramesError) -> MessageColor {
        let kind = try reader.peekKind()
        if kind == .null {
            try reader.null()
            return fallback
        }
        if kind == .string, let color = try reader.string(parsedBy: MessageColorText.parse) { return color }
        if kind != .string { try reader.skipValue() }
        note(.invalidArgument("\(path()): \"\(key)\" must be a colour \"#RRGGBB\" or \"#RRGGBBAA\""))
        return fallback
    }

    /// A number of points for a font.
    mutating func fontSize(_ reader: inout JSONStreamReader, default fallback: Double,
                           path: () -> String) throws(FramesError) -> Double {
        let kind = try reader.peekKind()
        if kind == .null {
            try reader.null()
            return fallback
        }
        if kind == .number {
            let number = try reader.number().double
            if number.isFinite, number >= MessageLimits.minFontSize, number <= MessageLimits.maxFontSize { return number }
        } else {
            try reader.skipValue()
        }
        note(.invalidArgument("\(path()): \"size\" must be a number of points in "
            + "\(MessageLimits.minFontSize)...\(MessageLimits.maxFontSize)"))
        return fallback
    }
}

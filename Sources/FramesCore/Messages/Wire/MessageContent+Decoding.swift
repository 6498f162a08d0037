/// Decoding of a message's content (IM-05, IM-06, IM-07): in the push
/// ("content") or in a fetched document (the bytes behind "content_ref").
/// The content is one unit: unknown fields are ignored, a bad known field
/// rejects it whole (the first one found is reported).
extension MessageContent {
    /// What a content that was only checked stands for.
    static let placeholder = MessageContent(title: MessageText(text: "-", color: .defaultTitle,
                                                               font: MessageFontSpec(name: nil, size: 1)))

    /// A fetched content document: its bytes, under the `.messageContent`
    /// limits.
    public static func decode(_ bytes: [UInt8], allowInsecureHTTP: Bool = false) throws(FramesError) -> MessageContent {
        var reader = JSONStreamReader(bytes, limits: .messageContent)
        do throws(FramesError) {
            try reader.beginDocument()
            let kind = try reader.peekKind()
            guard kind == .object else {
                try reader.skipValue()
                try reader.endDocument()
                throw FramesError(.invalidArgument, "top level is \(kind.name), expected an object")
            }
            let read = try read(&reader, base: "message content", allowInsecureHTTP: allowInsecureHTTP, build: true)
            try reader.endDocument()
            if let problem = read.problem { throw problem }
            guard let content = read.content else { throw FramesError(.invalidArgument, "it is not a message content") }
            return content
        } catch {
            throw FramesError(error.code, "message content: \(error.message)")
        }
    }

    /// The content object at the reader, read to its end. Syntax errors
    /// throw; the first bad field is returned as the problem (then there is
    /// no content). `base` names the object in messages.
    /// Without `build` everything is checked and nothing kept: a valid
    /// content comes back as `placeholder`.
    static func read(_ reader: inout JSONStreamReader, base: String, allowInsecureHTTP: Bool,
                     build: Bool) throws(FramesError) -> (content: MessageContent?, problem: FramesError?) {
        var fields = MessageFieldReader(build: build)
        var background = MessageColor.defaultBackground
        var image: MessageImage?
        var title: MessageText?
        var body: MessageText?
        var buttons: [MessageButton] = []
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "background_color") {
                background = try fields.color(&reader, "background_color", default: .defaultBackground) { base }
            } else if reader.is(key, "image") {
                image = try self.image(&reader, &fields, base: base, allowInsecureHTTP: allowInsecureHTTP)
            } else if reader.is(key, "title") {
                title = try text(&reader, &fields, "title", color: .defaultTitle, size: MessageFontSpec.defaultTitleSize) { base }
            } else if reader.is(key, "body") {
                body = try text(&reader, &fields, "body", color: .defaultBody, size: MessageFontSpec.defaultBodySize) { base }
            } else if reader.is(key, "buttons") {
                buttons = try self.buttons(&reader, &fields, base: base)
            } else {
                try reader.skipValue()
            }
        }
        if let problem = fields.takeProblem() { return (nil, problem) }
        guard title != nil || body != nil || image != nil else {
            return (nil, .invalidArgument("\(base): it has no \"title\", \"body\" or \"image\"; a message shows at least one"))
        }
        guard build else { return (placeholder, nil) }
        return (MessageContent(backgroundColor: background, image: image, title: title, body: body, buttons: buttons), nil)
    }

    private static func image(_ reader: inout JSONStreamReader, _ fields: inout MessageFieldReader, base: String,
                              allowInsecureHTTP: Bool) throws(FramesError) -> MessageImage? {
        let kind = try reader.peekKind()
        if kind == .null {
            try reader.null()
            return nil
        }
        guard kind == .object else {
            try reader.skipValue()
            fields.note(.invalidArgument("\(base): \"image\" must be an object"))
            return nil
        }
        var url: String?
        var alt: String?
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "url") {
                url = try fields.url(&reader, "url", origin: true, allowInsecureHTTP: allowInsecureHTTP) { base + ".image" }
            } else if reader.is(key, "alt") {
                alt = try fields.text(&reader, "alt", limit: MessageLimits.textBytes) { base + ".image" }
            } else {
                try reader.skipValue()
            }
        }
        guard let url else {
            fields.note(.invalidArgument("\(base).image: \"url\" is missing"))
            return nil
        }
        return MessageImage(url: url, alt: alt)
    }

    private static func buttons(_ reader: inout JSONStreamReader, _ fields: inout MessageFieldReader,
                                base: String) throws(FramesError) -> [MessageButton] {
        let kind = try reader.peekKind()
        if kind == .null {
            try reader.null()
            return []
        }
        guard kind == .array else {
            try reader.skipValue()
            fields.note(.invalidArgument("\(base): \"buttons\" must be an array"))
            return []
        }
        var buttons: [MessageButton] = []
        if fields.build { buttons.reserveCapacity(MessageLimits.maxButtons) }
        var count = 0
        var array = try reader.beginArray()
        while try reader.nextElement(&array) {
            let index = count
            count += 1
            guard count <= MessageLimits.maxButtons else {
                try reader.skipValue()
                continue
            }
            guard try reader.peekKind() == .object else {
                try reader.skipValue()
                fields.note(.invalidArgument("\(base): buttons[\(index)] must be an object"))
                continue
            }
            var label: MessageText?
            var url: String?
            var background = MessageColor.defaultButton
            var object = try reader.beginObject()
            while let key = try reader.nextKey(&object) {
                if reader.is(key, "label") {
                    label = try text(&reader, &fields, "label", color: .defaultButtonLabel,
                                     size: MessageFontSpec.defaultButtonSize) { "\(base).buttons[\(index)]" }
                } else if reader.is(key, "url") {
                    url = try fields.url(&reader, "url", origin: false, allowInsecureHTTP: false) { "\(base).buttons[\(index)]" }
                } else if reader.is(key, "background_color") {
                    background = try fields.color(&reader, "background_color", default: .defaultButton) { "\(base).buttons[\(index)]" }
                } else {
                    try reader.skipValue()
                }
            }
            guard let label else {
                fields.note(.invalidArgument("\(base).buttons[\(index)]: \"label\" is missing"))
                continue
            }
            if fields.build { buttons.append(MessageButton(label: label, url: url, backgroundColor: background)) }
        }
        if count > MessageLimits.maxButtons {
            fields.note(.invalidArgument("\(base): \"buttons\" has \(count) buttons; the limit is \(MessageLimits.maxButtons)"))
        }
        return buttons
    }

    /// A text object: {"text", "color"?, "font"?: {"name"?, "size"?}}.
    private static func text(_ reader: inout JSONStreamReader, _ fields: inout MessageFieldReader, _ key: String,
                             color fallbackColor: MessageColor, size fallbackSize: Double,
                             parent: () -> String) throws(FramesError) -> MessageText? {
        let kind = try reader.peekKind()
        if kind == .null {
            try reader.null()
            return nil
        }
        guard kind == .object else {
            try reader.skipValue()
            fields.note(.invalidArgument("\(parent()): \"\(key)\" must be an object {\"text\": ...}"))
            return nil
        }
        var text: String?
        var color = fallbackColor
        var font = MessageFontSpec(name: nil, size: fallbackSize)
        var object = try reader.beginObject()
        while let member = try reader.nextKey(&object) {
            if reader.is(member, "text") {
                text = try fields.text(&reader, "text", limit: MessageLimits.textBytes) { "\(parent()).\(key)" }
            } else if reader.is(member, "color") {
                color = try fields.color(&reader, "color", default: fallbackColor) { "\(parent()).\(key)" }
            } else if reader.is(member, "font") {
                font = try self.font(&reader, &fields, size: fallbackSize) { "\(parent()).\(key)" }
            } else {
                try reader.skipValue()
            }
        }
        guard let text else {
            fields.note(.invalidArgument("\(parent()).\(key): \"text\" is missing"))
            return nil
        }
        return MessageText(text: text, color: color, font: font)
    }

    private static func font(_ reader: inout JSONStreamReader, _ fields: inout MessageFieldReader, size fallback: Double,
                             parent: () -> String) throws(FramesError) -> MessageFontSpec {
        let kind = try reader.peekKind()
        if kind == .null {
            try reader.null()
            return MessageFontSpec(name: nil, size: fallback)
        }
        guard kind == .object else {
            try reader.skipValue()
            fields.note(.invalidArgument("\(parent()): \"font\" must be an object"))
            return MessageFontSpec(name: nil, size: fallback)
        }
        var name: String?
        var size = fallback
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "name") {
                name = try fields.text(&reader, "name", limit: MessageLimits.fontNameBytes) { "\(parent()).font" }
            } else if reader.is(key, "size") {
                size = try fields.fontSize(&reader, default: fallback) { "\(parent()).font" }
            } else {
                try reader.skipValue()
            }
        }
        return MessageFontSpec(name: name, size: size)
    }
}

/// Decoding of a message's content (IM-05, IM-06, IM-07): in the push
/// ("content") or in a fetched document (the bytes behind "content_ref").
/// The content is one unit: unknown fields are ignored, a bad known field
/// rejects it whole.
extension MessageContent {
    /// A fetched content document: its bytes, under the
    /// `.messageContent` limits.
    public static func decode(_ bytes: [UInt8], allowInsecureHTTP: Bool = false) throws(FramesError) -> MessageContent {
        let json: JSONValue
        do {
            json = try JSONParser(limits: .messageContent).parse(bytes)
        } catch {
            throw FramesError(error.code, "message content: \(error.message)")
        }
        guard let object = json.objectValue else {
            throw .invalidArgument("message content: top level is \(json.kindName), expected an object")
        }
        return try decode(object, path: "message content", allowInsecureHTTP: allowInsecureHTTP)
    }

    static func decode(_ object: JSONObject, path: String, allowInsecureHTTP: Bool) throws(FramesError) -> MessageContent {
        let fields = MessageFields(object, path: path)
        let background = try fields.color("background_color", default: .defaultBackground)

        var image: MessageImage?
        if let imageValue = fields.value("image") {
            guard let imageObject = imageValue.objectValue else { throw fields.bad("\"image\" must be an object") }
            let imageFields = MessageFields(imageObject, path: path + ".image")
            image = MessageImage(url: try imageFields.url("url", origin: true, allowInsecureHTTP: allowInsecureHTTP),
                                 alt: try imageFields.text("alt", limit: MessageLimits.textBytes))
        }
        let title = try text(fields, "title", color: .defaultTitle, size: MessageFontSpec.defaultTitleSize)
        let body = try text(fields, "body", color: .defaultBody, size: MessageFontSpec.defaultBodySize)
        guard title != nil || body != nil || image != nil else {
            throw fields.bad("it has no \"title\", \"body\" or \"image\"; a message shows at least one")
        }

        var buttons: [MessageButton] = []
        if let buttonsValue = fields.value("buttons") {
            guard let list = buttonsValue.arrayValue else { throw fields.bad("\"buttons\" must be an array") }
            guard list.count <= MessageLimits.maxButtons else {
                throw fields.bad("\"buttons\" has \(list.count) buttons; the limit is \(MessageLimits.maxButtons)")
            }
            for (i, value) in list.enumerated() {
                guard let buttonObject = value.objectValue else { throw fields.bad("buttons[\(i)] must be an object") }
                let buttonFields = MessageFields(buttonObject, path: "\(path).buttons[\(i)]")
                guard let label = try text(buttonFields, "label", color: .defaultButtonLabel,
                                           size: MessageFontSpec.defaultButtonSize) else {
                    throw buttonFields.bad("\"label\" is missing")
                }
                buttons.append(MessageButton(
                    label: label,
                    url: try buttonFields.optionalURL("url", origin: false, allowInsecureHTTP: allowInsecureHTTP),
                    backgroundColor: try buttonFields.color("background_color", default: .defaultButton)))
            }
        }
        return MessageContent(backgroundColor: background, image: image, title: title, body: body, buttons: buttons)
    }

    /// A text object: {"text", "color"?, "font"?: {"name"?, "size"?}}.
    private static func text(_ parent: MessageFields, _ key: String, color: MessageColor,
                             size: Double) throws(FramesError) -> MessageText? {
        guard let value = parent.value(key) else { return nil }
        guard let object = value.objectValue else { throw parent.bad("\"\(key)\" must be an object {\"text\": ...}") }
        let fields = MessageFields(object, path: "\(parent.path).\(key)")
        guard let text = try fields.text("text", limit: MessageLimits.textBytes) else {
            throw fields.bad("\"text\" is missing")
        }
        var font = MessageFontSpec(name: nil, size: size)
        if let fontValue = fields.value("font") {
            guard let fontObject = fontValue.objectValue else { throw fields.bad("\"font\" must be an object") }
            let fontFields = MessageFields(fontObject, path: fields.path + ".font")
            let name = try fontFields.text("name", limit: MessageLimits.fontNameBytes)
            var points = size
            if let sizeValue = fontFields.value("size") {
                guard let number = sizeValue.doubleValue, number.isFinite,
                      number >= MessageLimits.minFontSize, number <= MessageLimits.maxFontSize else {
                    throw fontFields.bad("\"size\" must be a number of points in "
                        + "\(MessageLimits.minFontSize)...\(MessageLimits.maxFontSize)")
                }
                points = number
            }
            font = MessageFontSpec(name: name, size: points)
        }
        return MessageText(text: text, color: try fields.color("color", default: color), font: font)
    }
}

@testable import FramesCore

func layout(_ appearance: Appearance, width: Double, ratios: [Double], rtl: Bool = false) throws(FramesError) -> LayoutResult {
    try BannerLayout(appearance: appearance, containerWidth: width, rtl: rtl).layout(ratios: ratios)
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}

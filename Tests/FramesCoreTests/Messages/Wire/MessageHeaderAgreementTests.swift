import CFrames
import Testing
@testable import FramesCore

@Suite("Modal messages: core and header agree (IM-01, IM-07)")
struct MessageHeaderAgreementTests {
    @Test("IM-01: every NotificationResult is the header's FRAMES_NOTIFICATION_RESULT_* number")
    func notificationResults() {
        let header: [NotificationResult: Int32] = [
            .handled: FRAMES_NOTIFICATION_RESULT_HANDLED,
            .notAMessage: FRAMES_NOTIFICATION_RESULT_NOT_A_MESSAGE,
            .malformed: FRAMES_NOTIFICATION_RESULT_MALFORMED,
            .tooLarge: FRAMES_NOTIFICATION_RESULT_TOO_LARGE,
            .needsNewerEngine: FRAMES_NOTIFICATION_RESULT_NEEDS_NEWER_ENGINE,
            .inboxFull: FRAMES_NOTIFICATION_RESULT_INBOX_FULL,
        ]
        #expect(header.count == NotificationResult.allCases.count)
        for result in NotificationResult.allCases {
            #expect(result.rawValue == header[result], "\(result)")
        }
    }

    @Test("IM-07: the font sources are the header's two values")
    func fontSources() {
        #expect(FRAMES_MESSAGE_FONT_SOURCE_SYSTEM == 0 && FRAMES_MESSAGE_FONT_SOURCE_RESOLVED == 1)
    }
}

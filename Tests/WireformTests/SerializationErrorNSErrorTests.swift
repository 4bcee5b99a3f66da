import Foundation
import Testing
import Wireform
import WireformFoundation

/// `SerializationError` as an `NSError` (`CustomNSError` in `WireformFoundation`): the domain, the published number of
/// each code, and the user info, exactly.
@Suite struct SerializationErrorNSErrorTests {
    /// The table in `SerializationError.errorCode`'s doc comment; a number never changes meaning.
    static let publishedCodes: [(SerializationError.Code, Int)] = [
        (.unsupportedValue, 1), (.invalidURL, 2), (.invalidMethod, 3), (.invalidHeader, 4),
        (.noSerializerRegistered, 5), (.serializerFailed, 6), (.invalidPart, 7), (.fileUnavailable, 8),
        (.lengthMismatch, 9), (.streamFailed, 10), (.writeFailed, 11), (.cancelled, 12), (.bodyTooLarge, 13),
        (.bodyAlreadyConsumed, 14), (.unsupportedBody, 15), (.invalidTemplate, 16), (.invalidJSON, 17),
        (.fileChanged, 18),
    ]

    @Test(arguments: publishedCodes)
    func eachCodeBridgesWithItsPublishedNumber(code: SerializationError.Code, number: Int) {
        let error = SerializationError(code, "bad 'a'") as NSError
        #expect(error.domain == "Wireform.SerializationError")
        #expect(error.code == number)
    }

    @Test func everyCodeHasItsOwnNumber() {
        let listed = Self.publishedCodes.map(\.0)
        #expect(Set(listed).count == listed.count)
        // Numbers are handed out in order and never reused, so the table's numbers are 1 up to the newest code's.
        let numbers = listed.map { (SerializationError($0, "r") as NSError).code }
        #expect(numbers == Array(1...listed.count))
    }

    @Test func errorDomainIsTheModuleAndTypeName() {
        #expect(SerializationError.errorDomain == "Wireform.SerializationError")
        #expect(SerializationError.errorDomain == String(reflecting: SerializationError.self))
    }

    @Test func userInfoHoldsTheDescriptionOnly() throws {
        let error = SerializationError(.invalidHeader, "Header name 'a b' is not a token") as NSError
        #expect(error.userInfo.count == 1)
        #expect(error.userInfo[NSLocalizedDescriptionKey] as? String == "Header name 'a b' is not a token")
        #expect(error.userInfo[NSUnderlyingErrorKey] == nil)
        #expect(error.localizedDescription == "Header name 'a b' is not a token")
        #expect(error.domain == "Wireform.SerializationError")
        #expect(error.code == 4)
    }

    @Test func userInfoHoldsTheUnderlyingError() throws {
        let underlying = NSError(domain: "Disk", code: 28, userInfo: [NSLocalizedDescriptionKey: "No space"])
        let error = SerializationError(.writeFailed, "Writing 'a.bin' failed", underlyingError: underlying) as NSError
        #expect(error.domain == "Wireform.SerializationError")
        #expect(error.code == 11)
        #expect(Set(error.userInfo.keys) == [NSLocalizedDescriptionKey, NSUnderlyingErrorKey])
        let description = "Writing 'a.bin' failed: \(underlying)"
        #expect(error.userInfo[NSLocalizedDescriptionKey] as? String == description)
        let bridged = try #require(error.userInfo[NSUnderlyingErrorKey] as? NSError)
        #expect(bridged.domain == "Disk")
        #expect(bridged.code == 28)
        #expect(bridged.localizedDescription == "No space")
    }

    /// A Swift error from a plugin becomes an `NSError` of its own type's domain under `NSUnderlyingErrorKey`.
    @Test func aSwiftUnderlyingErrorIsBridgedToo() throws {
        let error =
            SerializationError(.serializerFailed, "failed", underlyingError: ThirdPartyError(detail: "d")) as NSError
        #expect(error.code == 6)
        #expect(error.userInfo[NSLocalizedDescriptionKey] as? String == #"failed: ThirdPartyError(detail: "d")"#)
        let bridged = try #require(error.userInfo[NSUnderlyingErrorKey] as? NSError)
        #expect(bridged.domain == String(reflecting: ThirdPartyError.self))
    }

    /// An error thrown by Wireform itself bridges as it is thrown (`any Error`, as a `catch` binds it).
    @Test func aThrownErrorBridges() throws {
        do {
            _ = try RequestMethod(validating: "a b")
            Issue.record("no error")
        } catch {
            let anyError: any Error = error
            let nsError = anyError as NSError
            #expect(nsError.domain == "Wireform.SerializationError")
            #expect(nsError.code == 3)
            #expect(nsError.userInfo[NSLocalizedDescriptionKey] as? String == error.reason)
        }
    }
}

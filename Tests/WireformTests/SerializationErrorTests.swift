import Testing
import Wireform

@Suite struct SerializationErrorTests {
    @Test func descriptionIsTheReasonFollowedByTheUnderlyingError() {
        #expect(SerializationError(.unsupportedValue, "bad 'a'").description == "bad 'a'")
        let wrapped = SerializationError(.serializerFailed, "failed", underlyingError: ThirdPartyError(detail: "d"))
        #expect(wrapped.description == #"failed: ThirdPartyError(detail: "d")"#)
    }

    @Test func codesAreDistinctAndNamed() {
        let codes: [SerializationError.Code] = [
            .unsupportedValue, .invalidURL, .invalidMethod, .invalidHeader, .noSerializerRegistered,
            .serializerFailed, .invalidPart, .fileUnavailable, .lengthMismatch, .streamFailed, .writeFailed,
            .cancelled, .bodyTooLarge, .bodyAlreadyConsumed, .unsupportedBody, .invalidTemplate,
        ]
        #expect(Set(codes).count == codes.count)
        #expect(
            codes.map(\.description) == [
                "unsupportedValue", "invalidURL", "invalidMethod", "invalidHeader", "noSerializerRegistered",
                "serializerFailed", "invalidPart", "fileUnavailable", "lengthMismatch",
                "streamFailed", "writeFailed", "cancelled", "bodyTooLarge", "bodyAlreadyConsumed", "unsupportedBody",
                "invalidTemplate",
            ]
        )
    }

    @Test func everyMessageIsOneLine() throws {
        var errors: [SerializationError] = []
        let inputs = ["a\r\nb", "x\ny", "\0"]
        for input in inputs {
            do { _ = try RequestMethod(validating: input) } catch { errors.append(error) }
            do { _ = try HeaderFields.Name(validating: input) } catch { errors.append(error) }
            do { _ = try ContentType(validating: input) } catch { errors.append(error) }
            do { _ = try plainSerializer().serializedRequest(method: .get, url: input) } catch { errors.append(error) }
            var headers = HeaderFields()
            do { try headers.setValue(input, for: .accept) } catch { errors.append(error) }
        }
        #expect(errors.count == inputs.count * 5)
        for error in errors {
            #expect(!error.reason.contains("\n") && !error.reason.contains("\r") && !error.reason.contains("\0"))
        }
    }
}

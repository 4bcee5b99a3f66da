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

    /// Codes a caller would not branch on differently are one code; the reason still says which case it was.
    @Test func mergedCodesAreTheOneTheyMergedInto() {
        #expect(SerializationError.Code.invalidHeaderName == .invalidHeader)
        #expect(SerializationError.Code.invalidHeaderValue == .invalidHeader)
        #expect(SerializationError.Code.conflictingHeaders == .invalidHeader)
        #expect(SerializationError.Code.invalidBoundary == .invalidPart)
        #expect(SerializationError.Code.invalidTopLevelValue == .unsupportedValue)
        #expect(SerializationError.Code.nestingTooDeep == .unsupportedValue)
        #expect(SerializationError.Code.encodingFailed == .serializerFailed)
        #expect(SerializationError.Code.missingValue == .invalidTemplate)
        #expect(SerializationError.Code.invalidMediaType == .invalidHeader)
    }

    @Test func everyMessageIsOneLine() throws {
        var errors: [SerializationError] = []
        let inputs = ["a\r\nb", "x\ny", "\0"]
        for input in inputs {
            do { _ = try RequestMethod(validating: input) } catch { errors.append(error) }
            do { _ = try HeaderFields.Name(validating: input) } catch { errors.append(error) }
            do { _ = try MediaType(validating: input) } catch { errors.append(error) }
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

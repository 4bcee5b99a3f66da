import Foundation

/// The user information of a URL (`http://user:password@host/`), taken out of the URL and turned into the
/// `Authorization: Basic` header that sending it would produce, so that the printed request and the sent one are
/// the same and neither carries credentials in the URL or `Host`.
///
/// The user name and password are percent-decoded (`p%40ss` is `p@ss`); a URL with a user name and no password
/// gets an empty password.
struct URLUserInfo: Equatable {
    /// The percent-decoded user name.
    let user: String
    /// The percent-decoded password; empty when the URL has none.
    let password: String

    /// Splits the user information off a URL's text; everything else is kept exactly as written.
    /// - Returns: The URL without user information, and the user information when there was some.
    /// - Throws: ``UsageError`` when the user information is not valid percent-encoding.
    static func split(_ url: String) throws(UsageError) -> (url: String, userInfo: URLUserInfo?) {
        guard let schemeEnd = url.range(of: "://") else { return (url, nil) }
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return (url, nil) }
        let userInfo = authority[..<at]
        let colon = userInfo.firstIndex(of: ":")
        let rawUser = userInfo[..<(colon ?? userInfo.endIndex)]
        let rawPassword = colon.map { userInfo[userInfo.index(after: $0)...] } ?? ""
        guard let user = rawUser.removingPercentEncoding, let password = rawPassword.removingPercentEncoding else {
            // The message leaves the URL out: it holds a password.
            throw UsageError("The user information in the URL is not valid percent-encoding")
        }
        let stripped =
            String(url[..<schemeEnd.upperBound]) + authority[authority.index(after: at)...]
            + url[authorityEnd...]
        return (stripped, URLUserInfo(user: user, password: password))
    }
}

import Testing

@testable import SitegenCore

@Suite struct FragmentDirectiveTests {
    @Test(arguments: [
        ("install:~:text=swift", "install"), (":~:text=a", ""), ("a:b:~:c", "a:b"), ("a:~", "a:~"), ("a::~:b", "a:"),
        ("plain", "plain"), ("", ""), ("caf\u{E9}:~:x", "caf\u{E9}"), ("x:~:a:~:b", "x"),
    ])
    func theDirectiveStartsAtTheFirstDelimiter(fragment: String, id: String) {
        #expect(FragmentDirective.removed(from: fragment) == id)
    }
}

import FoundationEssentials

// The size floor for RESULTS.md: a FoundationEssentials-only hello world.
print(URL(string: "https://example.com/hello")?.host ?? "")

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

ProcessSetup.prepare()
let status = await WireformCommand.main(CommandLineBytes.arguments())
exit(status.rawValue)

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The `benchmarks` executable; see BenchmarkCommand for the command line.
exit(await BenchmarkCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))

import Foundation
import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// How dependencies resolve: by context, by override, and in nested scopes.
@Suite struct DependencyTests {
  @Test func aKeyResolvesToTheValueOfTheContext() {
    #expect(DependencyValues(context: .live).greeter.greet("Blob") == "Hello, Blob!")
    #expect(DependencyValues(context: .test).greeter.greet("Blob") == "test Blob")
    #expect(DependencyValues(context: .preview).greeter.greet("Blob") == "preview Blob")
    #expect(DependencyValues().context == .live)
  }

  @Test func anOverrideWinsInEveryContext() {
    for context in [DependencyContext.live, .test, .preview] {
      var values = DependencyValues(context: context)
      values.greeter = Greeter { "custom \($0)" }
      values.liveOnly = 7
      #expect(values.greeter.greet("Blob") == "custom Blob")
      #expect(values.liveOnly == 7)
    }
  }

  @Test func previewValuesDefaultToTheLiveValueOrElseTheTestValue() {
    #expect(DependencyValues(context: .preview).liveOnly == 42)
    #expect(DependencyValues(context: .preview).testOnly == "test-only")
    #expect(DependencyValues(context: .test).testOnly == "test-only")
  }

  @Test func synchronousScopesNestAndRestore() {
    #expect(DependencyValues.current.greeter.greet("a") == "Hello, a!")
    let result = withDependencies {
      $0.greeter = Greeter { "outer \($0)" }
    } operation: {
      #expect(DependencyValues.current.greeter.greet("a") == "outer a")
      withDependencies {
        $0.liveOnly = 1
      } operation: {
        #expect(DependencyValues.current.greeter.greet("a") == "outer a")
        #expect(DependencyValues.current.liveOnly == 1)
      }
      #expect(DependencyValues.current.liveOnly == 42)
      #expect(DependencyValues.current.greeter.greet("a") == "outer a")
      return "result"
    }
    #expect(result == "result")
    #expect(DependencyValues.current.greeter.greet("a") == "Hello, a!")
  }

  @Test func asynchronousScopesNestRestoreAndReachTasksCreatedInside() async {
    await withDependencies {
      $0.greeter = Greeter { "outer \($0)" }
    } operation: {
      await Task.yield()
      #expect(DependencyValues.current.greeter.greet("a") == "outer a")
      let fromTask = await Task { DependencyValues.current.greeter.greet("task") }.value
      #expect(fromTask == "outer task")
      await withDependencies {
        $0.liveOnly = 2
      } operation: {
        await Task.yield()
        #expect(DependencyValues.current.liveOnly == 2)
        #expect(DependencyValues.current.greeter.greet("a") == "outer a")
        withDependencies {
          $0.liveOnly = 3
        } operation: {
          #expect(DependencyValues.current.liveOnly == 3)
        }
        #expect(DependencyValues.current.liveOnly == 2)
      }
      #expect(DependencyValues.current.liveOnly == 42)
    }
    #expect(DependencyValues.current.greeter.greet("a") == "Hello, a!")
  }
}

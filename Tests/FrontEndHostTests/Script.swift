import Foundation

/// Scripts that type each password, have it refused, and misplace it; then log in once with a
/// second factor (the live server's tokens then sit in the state).
enum Script {
  static func text(passwords: [String], directory: String) -> [UInt8] {
    var lines: [String] = []
    for password in passwords {
      lines += [
        "email blob@pointfree.co", "password \(password)", "login", "ok",
        // Misplaced: an unknown command followed by the password.
        "passwd \(password)", "code \(password)",
        // Typed where the messages quote it: a front end to switch to, attach or detach, and
        // a host command (issue 12, defect 4).
        ":frontend \(password)", ":attach \(password)", ":\(password)", ":detach \(password)",
        ":attach text:\(directory)/\(password)",
      ]
    }
    lines += [
      "email 2fa@pointfree.co", "password password", "login", "code 0000", "submit", "ok",
      "code 1234", "submit", "password \(passwords[0])", "logout",
    ]
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  static func jsonl(passwords: [String], directory: String) -> [UInt8] {
    func action(_ path: String, _ fields: String = "") -> String {
      #"{"action":"\#(path)"\#(fields)}"#
    }
    var lines: [String] = []
    for password in passwords {
      let value = Secrets.json(password)
      lines += [
        action("login.view.binding.email", #","value":"blob@pointfree.co""#),
        action("login.view.binding.password", #","value":\#(value)"#),
        action("login.view.loginButtonTapped"), #"{"command":"settle"}"#,
        action("login.alert.dismiss"),
        // Invalid actions carrying the password: an unknown field (as its value and as its
        // name), an unknown action, a server response, the wrong type, a duplicate key, an
        // unknown command's field, broken JSON.
        action("login.view.binding.password", #","value":\#(value),"bogus":\#(value)"#),
        action("login.view.binding.password", #",\#(value):"x""#),
        action("login.view.binding.pasword", #","value":\#(value)"#),
        action("login.loginResponse.success", #","value":\#(value)"#),
        action("login.view.binding.password", #","value":[\#(value)]"#),
        action("login.view.binding.password", #","value":\#(value),"value":\#(value)"#),
        #"{"command":"settle","password":\#(value)}"#,
        #"{"action":"login.view.binding.password","value":\#(value)"#,
        // Quoted by the error messages: an unknown action, command or field name, a front end
        // to switch to, attach or detach, and the `id` echoed (issue 12, defect 4).
        #"{"action":\#(value),"id":\#(value)}"#, #"{"command":\#(value),"id":\#(value)}"#,
        #"{"command":"snapshot",\#(value):1}"#, #"{"command":"detach","name":\#(value)}"#,
        #"{"command":"frontend","name":\#(value)}"#, #"{"command":"attach","name":\#(value)}"#,
        #"{"command":"attach","name":"text:\#(directory)/"# + value.dropFirst() + "}",
      ]
    }
    lines += [
      action("login.view.binding.email", #","value":"2fa@pointfree.co""#),
      action("login.view.binding.password", #","value":"password""#),
      action("login.view.loginButtonTapped"), #"{"command":"settle"}"#,
      action("login.twoFactor.view.binding.code", #","value":"0000""#),
      action("login.twoFactor.view.submitButtonTapped"), #"{"command":"settle"}"#,
      action("login.twoFactor.alert.dismiss"),
      action("login.twoFactor.view.binding.code", #","value":"1234""#),
      action("login.twoFactor.view.submitButtonTapped"), #"{"command":"settle"}"#,
      #"{"command":"snapshot"}"#,
    ]
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }
}

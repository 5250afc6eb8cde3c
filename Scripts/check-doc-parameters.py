#!/usr/bin/env python3
"""Lists the public functions, initializers, subscripts and macros that take arguments but whose
doc comment does not name each one under `- Parameter`/`- Parameters:`, or that return a value
without a `- Returns:` line.

Usage: Scripts/check-doc-parameters.py [--count | --self-test] [DIRECTORY ...]
(default: the three library modules). Exits 1 when it lists anything, so CI keeps the
documentation complete as the API grows. `--count` prints how many declarations are complete;
`--self-test` checks the checker against a sample with known gaps.

Requirements of a `public protocol` count as public. Implementations of a protocol's requirement
(`reduce(into:action:)`, `==`) are checked too: their page shows their own comment.
"""

import pathlib
import re
import sys

DEFAULT_DIRECTORIES = [
    "Sources/UnidirectionalFlow",
    "Sources/UnidirectionalFlowTesting",
    "Sources/UnidirectionalFlowMacros",
]
DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?P<modifiers>(?:[a-z]+(?:\([a-z]+\))?\s+)*)"
    r"(?P<kind>func|init|subscript|macro)(?=[\s(<?!]|$)"
)
OPERATOR_CHARACTERS = "/=-+!*%<>&|^~?."
NAME = re.compile(r"[\w`]+|[" + re.escape(OPERATOR_CHARACTERS) + "]+")
RETURN_TYPE = re.compile(
    r"\s*(?:async\s+)?(?:throws(?:\([^)]*\))?\s+|rethrows\s+)?(?:async\s+)?"
    r"->\s*(?P<type>[^{]*?)\s*(?:\bwhere\b|\{|=|$)"
)
ATTRIBUTE = re.compile(r"@\w+(?:<[^>]*>)?(?:\([^)]*\))?")
VOID_RETURNS = {"Void", "()", "Never"}
NARROWER = {"private", "fileprivate", "internal", "package"}


def strip_strings(text):
    """Replaces string literals' contents so their commas and brackets do not count."""
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def matching_close(text, start):
    """Index of the bracket that closes the one at `start`, or -1."""
    pairs = {"(": ")", "[": "]", "<": ">", "{": "}"}
    opening, closing, depth = text[start], pairs[text[start]], 0
    for index in range(start, len(text)):
        if text[index] == opening:
            depth += 1
        elif text[index] == closing:
            depth -= 1
            if depth == 0:
                return index
    return -1


def split_top_level(text, separator):
    """Splits at `separator` outside brackets."""
    parts, depth, current = [], 0, ""
    for character in text.replace("->", "\u2192"):
        if character in "([<{":
            depth += 1
        elif character in ")]>}":
            depth -= 1
        if character == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += character
    parts.append(current)
    return [part.replace("\u2192", "->") for part in parts]


def parameter_names(parameter_list):
    """The label and the local name of each parameter: `_ x: Int` gives {"x"}."""
    names = []
    for parameter in split_top_level(parameter_list, ","):
        head = ATTRIBUTE.sub("", split_top_level(parameter, ":")[0]).split()
        if head:
            names.append({name.strip("`") for name in head if name != "_"})
    return names


def parse(text, kind):
    """(parameter names, whether it returns a value) of a declaration, or None if it is none."""
    match = re.search(r"\b(?:func|init|subscript|macro)\b[?!]?", text)
    rest = text[match.end() :].lstrip()
    if kind in ("func", "macro"):
        name = NAME.match(rest).group(0)
        rest = rest[len(name) :].lstrip()
        if rest.startswith("<") and not set(name) <= set(OPERATOR_CHARACTERS):
            rest = rest[matching_close(rest.replace("->", "\u2192"), 0) + 1 :].lstrip()
    elif rest.startswith("<"):
        rest = rest[matching_close(rest.replace("->", "\u2192"), 0) + 1 :].lstrip()
    if not rest.startswith("("):
        return None
    close = matching_close(rest, 0)
    returned = RETURN_TYPE.match(rest[close + 1 :])
    returns_value = (
        kind in ("func", "subscript")
        and returned is not None
        and returned.group("type").strip() not in VOID_RETURNS
    )
    return parameter_names(rest[1:close]), returns_value


def doc_comment(lines, index):
    """The `///` lines above the declaration at `index`, skipping attributes and `//` comments."""
    index -= 1
    while index >= 0 and (
        lines[index].strip().startswith("@")
        or (lines[index].strip().startswith("//") and not lines[index].strip().startswith("///"))
    ):
        index -= 1
    comment = []
    while index >= 0 and lines[index].strip().startswith("///"):
        comment.insert(0, lines[index].strip()[3:])
        index -= 1
    return "\n".join(comment)


def documented_names(comment):
    """Names given under `- Parameter x:` or inside a `- Parameters:` list."""
    names = set(re.findall(r"^\s*- Parameter\s+([\w`]+)\s*:", comment, re.M))
    in_list = False
    for line in comment.splitlines():
        if re.match(r"^\s*- Parameters:", line):
            in_list = True
        elif in_list:
            item = re.match(r"^\s{2,}- ([\w`]+)\s*:", line)
            if item:
                names.add(item.group(1).strip("`"))
            elif re.match(r"^\s*- \w+", line):
                in_list = False
    return names


def public_protocol_ranges(lines):
    """Line ranges of `public protocol` bodies, whose requirements are public without the word."""
    ranges, text = [], "\n".join(strip_strings(line.split("//")[0]) for line in lines)
    for match in re.finditer(r"^\s*(?:@\w+\s+)*public\s+protocol\b[^{]*\{", text, re.M):
        close = matching_close(text, match.end() - 1)
        ranges.append((text.count("\n", 0, match.start()), text.count("\n", 0, close)))
    return ranges


def check(path):
    """(declaration, its gaps) for each public declaration of `path` that takes arguments or
    returns a value."""
    return check_lines(str(path), path.read_text().splitlines())


def check_lines(where, lines):
    """`check` of a file's lines."""
    protocols = public_protocol_ranges(lines)
    results = []
    for index, line in enumerate(lines):
        match = DECLARATION.match(line)
        if not match:
            continue
        modifiers = set(match.group("modifiers").split())
        in_protocol = any(first < index < last for first, last in protocols)
        if not ({"public", "open"} & modifiers or (in_protocol and not NARROWER & modifiers)):
            continue
        kind = match.group("kind")
        text = " ".join(strip_strings(part.split("//")[0]) for part in lines[index : index + 40])
        parsed = parse(text, kind)
        if parsed is None or (not parsed[0] and not parsed[1]):
            continue
        names, returns_value = parsed
        comment = doc_comment(lines, index)
        documented = documented_names(comment)
        problems = [
            f"no `- Parameter` for `{'/'.join(sorted(name))}`"
            for name in names
            if not name & documented
        ]
        if returns_value and not re.search(r"^\s*- Returns:", comment, re.M):
            problems.append("no `- Returns:`")
        results.append((f"{where}:{index + 1}: {line.strip()}", problems))
    return results


SAMPLE = """
public protocol Sample {
  /// Documented.
  ///
  /// - Parameter value: The value.
  /// - Returns: The result.
  func documented(_ value: Int) -> Int
  /// No Returns.
  ///
  /// - Parameter value: The value.
  func noReturns(_ value: Int) -> Int
}
extension Sample {
  /// One of two parameters.
  ///
  /// - Parameters:
  ///   - first: The first.
  @discardableResult
  public static func == (first: Self, second: Self) -> Bool { true }
  /// A failable initializer, undocumented.
  public init?(label name: String) { nil }
  /// Nothing to document.
  public func run() async throws {}
  func internalOne(_ value: Int) -> Int { value }
}
"""
SAMPLE_GAPS = [
    ("noReturns", ["no `- Returns:`"]),
    ("==", ["no `- Parameter` for `second`", "no `- Returns:`"]),
    ("init?", ["no `- Parameter` for `label/name`"]),
]


def self_test():
    """Checks the checker against `SAMPLE`; returns the exit status."""
    found = [
        (line.split(": ", 1)[1], problems)
        for line, problems in check_lines("sample", SAMPLE.splitlines())
        if problems
    ]
    expected = [
        (declaration, problems)
        for declaration, problems in (
            (next(line.strip() for line in SAMPLE.splitlines() if name in line), problems)
            for name, problems in SAMPLE_GAPS
        )
    ]
    if found != expected:
        print(f"self-test failed:\n  found    {found}\n  expected {expected}", file=sys.stderr)
        return 1
    print(f"self-test passed: {len(found)} gaps found in the sample, as expected")
    return 0


def main(arguments):
    """Lists the gaps under the directories given (or the defaults); returns the exit status."""
    if "--self-test" in arguments:
        return self_test()
    count_only = "--count" in arguments
    directories = [argument for argument in arguments if argument != "--count"]
    results = [
        result
        for directory in directories or DEFAULT_DIRECTORIES
        for path in sorted(pathlib.Path(directory).rglob("*.swift"))
        for result in check(path)
    ]
    incomplete = [(where, problems) for where, problems in results if problems]
    if count_only:
        print(
            f"{len(results) - len(incomplete)} of {len(results)} public declarations that take"
            " arguments or return a value are documented"
        )
        return 0
    for where, problems in incomplete:
        print(f"{where}\n    {'; '.join(problems)}")
    if incomplete:
        print(
            f"{len(incomplete)} of {len(results)} public declarations lack a Parameters or"
            " Returns section",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

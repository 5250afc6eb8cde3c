extension JSONValue: CustomStringConvertible {
  /// The value as compact JSON text: `{"a":[1,true,null]}`.
  public var description: String {
    var writer = JSONWriter()
    writer.value(self)
    return writer.text
  }
}

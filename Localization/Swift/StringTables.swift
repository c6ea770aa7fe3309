/// The embedded tables of each language. Add a line per new area.
enum StringTables {
    /// Every English table, by area.
    static let english: [(area: String, bytes: [UInt8])] = [
        ("core", PackageResources.core_en_strings),
    ]
    /// Every German table, by area.
    static let german: [(area: String, bytes: [UInt8])] = [
        ("core", PackageResources.core_de_strings),
    ]

    /// The tables of one language.
    static func tables(_ language: Language) -> [(area: String, bytes: [UInt8])] {
        switch language {
        case .en: return english
        case .de: return german
        }
    }
}

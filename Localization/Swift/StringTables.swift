/// The embedded tables of each language. Add a line per new area.
enum StringTables {
    /// Every English table, by area.
    static let english: [(area: String, bytes: [UInt8])] = [
        ("core", PackageResources.core_en_strings),
        ("walk", PackageResources.walk_en_strings),
        ("cloud", PackageResources.cloud_en_strings),
        ("centers", PackageResources.centers_en_strings),
        ("audit", PackageResources.audit_en_strings),
        ("batch", PackageResources.batch_en_strings),
        ("scales", PackageResources.scales_en_strings),
        ("fleetverify", PackageResources.fleetverify_en_strings),
        ("notify", PackageResources.notify_en_strings),
        ("outcomes", PackageResources.outcomes_en_strings),
        ("board", PackageResources.board_en_strings),
    ]
    /// Every German table, by area.
    static let german: [(area: String, bytes: [UInt8])] = [
        ("core", PackageResources.core_de_strings),
        ("walk", PackageResources.walk_de_strings),
        ("cloud", PackageResources.cloud_de_strings),
        ("centers", PackageResources.centers_de_strings),
        ("audit", PackageResources.audit_de_strings),
        ("batch", PackageResources.batch_de_strings),
        ("scales", PackageResources.scales_de_strings),
        ("fleetverify", PackageResources.fleetverify_de_strings),
        ("notify", PackageResources.notify_de_strings),
        ("outcomes", PackageResources.outcomes_de_strings),
        ("board", PackageResources.board_de_strings),
    ]

    /// The tables of one language.
    static func tables(_ language: Language) -> [(area: String, bytes: [UInt8])] {
        switch language {
        case .en: return english
        case .de: return german
        }
    }
}

/// The committed OpenAPI 3.1 document of the local API (`Resources/openapi.json`,
/// embedded in the binary), served unchanged at `GET /openapi.json`.
///
/// `StrokeLocalAPITests` checks that every route `LocalAPIRoutes` registers is in
/// it and that real answers carry exactly the fields it documents; edit the
/// document together with the routes.
public enum OpenAPIDocument {
    /// The document's bytes (UTF-8 JSON).
    public static var bytes: [UInt8] { PackageResources.openapi_json }
}

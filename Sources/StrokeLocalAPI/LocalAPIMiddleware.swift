import HTTPTypes
import Hummingbird
import Logging

/// Turns the router's own errors into the API's JSON errors (404 `api.notFound`,
/// 405 `api.methodNotAllowed`, others `api.internal`; in the contract form on the
/// contract routes) and adds CORS headers
/// when an origin is configured. Logs method, path and status only, never a body.
struct LocalAPIMiddleware: RouterMiddleware {
    typealias Context = LocalAPIRequestContext

    /// The configured origins (`*` among them allows any); empty for no CORS headers.
    let corsOrigins: [String]
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            if error.status == .notFound {
                // A known path with another method is 405 with `Allow`; anything else 404.
                let allowed = LocalAPIRoutes.allowedMethods(request.uri.path)
                response = LocalAPIRoutes.error(allowed == nil ? .notFound : .methodNotAllowed, path: request.uri.path)
                if let allowed { response.headers[.allow] = allowed }
            } else {
                response = LocalAPIRoutes.error(.httpStatus(error.status), path: request.uri.path)
            }
        } catch {
            logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(type(of: error))"])
            response = LocalAPIRoutes.error(.internalError, path: request.uri.path)
        }
        if !corsOrigins.isEmpty { addCORS(request: request, to: &response) }
        logger.debug("request", metadata: ["method": "\(request.method.rawValue)", "path": "\(request.uri.path)",
                                           "status": "\(response.status.code)"])
        return response
    }

    /// `Access-Control-Allow-Origin` when the request's `Origin` is one of the configured
    /// origins (that origin), or any origin when `*` is configured; `Vary: Origin` on every
    /// answer whenever specific origins are listed
    /// (`*`); on a preflight also the allowed methods and headers. A request from
    /// another origin gets no CORS headers, so the browser blocks it.
    private func addCORS(request: Request, to response: inout Response) {
        let allowed: String
        // With listed origins every answer depends on Origin, also the one that allows none:
        // a shared cache must never hand one origin's answer to another (issue 34).
        if corsOrigins.contains(where: { $0 != "*" }) { response.headers[.vary] = "Origin" }
        if let origin = request.headers[.origin], corsOrigins.contains(origin) {
            allowed = origin
        } else if corsOrigins.contains("*") {
            allowed = "*"
        } else {
            return
        }
        response.headers[.accessControlAllowOrigin] = allowed
        if request.method == .options {
            response.headers[.accessControlAllowMethods] = "GET, POST, OPTIONS"
            response.headers[.accessControlAllowHeaders] = "Content-Type, Authorization"
            response.headers[.accessControlMaxAge] = "600"
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
import OutputFiles

/// A station's data directory (or its `pgdata/`) opened so that a root process never follows a
/// link an unprivileged account placed, and never reads, writes, chowns or chmods a file it did
/// not check (issue 34). The one place of the station's file-system calls, except `StationLock`'s `flock`.
///
/// - The path is walked one component at a time from `/` without following links
///   (`openat` with `O_NOFOLLOW`). A link on the way is followed only where it sits in a directory
///   that root (or this process's user) owns and no one else may write (`/var/run` → `/run`);
///   the directory itself is never a link (`dataDirectoryIsLink`).
/// - Every file is opened relative to the directory's descriptor with `O_NOFOLLOW | O_NONBLOCK`
///   (a FIFO never blocks), then checked on the descriptor: a regular file with one name (no
///   hard link), owned by one of `owners`; ownership and mode are changed with `fchown`/`fchmod`
///   on that descriptor.
final class StationDirectory {
    /// The directory's path (for messages and the tools, which run as the cluster's user).
    let path: String
    /// The accounts that may own the directory and what the station keeps in it.
    let owners: Set<uid_t>
    private let descriptor: Int32

    private init(path: String, descriptor: Int32, owners: Set<uid_t>) {
        self.path = path
        self.descriptor = descriptor
        self.owners = owners
    }

    deinit { close(descriptor) }

    /// Opens the absolute `path` (with `creating`, missing components are made: parents 0755, the
    /// directory itself 0700), or nil when it does not exist and `creating` is false.
    /// - Throws: `dataDirectoryIsLink` for a link at `path` or an untrusted one on the way;
    ///   `dataDirectoryOwner` when the directory belongs to none of `owners` (an empty set: any).
    static func open(_ path: String, owners: Set<uid_t>, creating: Bool) throws(CollectorError) -> StationDirectory? {
        let names = path.split(separator: "/").map(String.init)
        var fd = Glibc.open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .stationDatabaseFailed("/ cannot be opened: errno \(errno)") }
        var walked = ""
        for (index, name) in names.enumerated() {
            let last = index == names.count - 1
            walked += "/" + name
            // The directories on the way are only passed through (O_PATH: search permission is enough, as for a
            // 0711 parent the station's account may pass but not list); the directory itself is opened for reading.
            let access = last ? O_RDONLY : Self.openPath
            var next = openat(fd, name, access | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0, errno == ENOENT, creating {
                if mkdirat(fd, name, last ? 0o700 : 0o755) != 0, errno != EEXIST {
                    let code = errno
                    close(fd)
                    if code == EACCES { throw .dataDirectoryNotReachable(Self.parent(of: walked)) }
                    throw .stationDatabaseFailed("\(walked) cannot be created: errno \(code)")
                }
                next = openat(fd, name, access | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if next < 0, errno == ELOOP || errno == ENOTDIR, isLink(name, in: fd) {
                guard !last, trustsLinks(in: fd) else {
                    close(fd)
                    throw .dataDirectoryIsLink(last ? walked : "\(walked) (on the way to \(path), in a directory others may write)")
                }
                next = openat(fd, name, access | O_DIRECTORY | O_CLOEXEC)
            }
            let code = errno
            close(fd)
            guard next >= 0 else {
                if code == ENOENT, !creating { return nil }
                // Permission denied on the way: the account may not pass a parent (a home directory, 0700): named (issue 46).
                if code == EACCES { throw .dataDirectoryNotReachable(Self.parent(of: walked)) }
                throw .stationDatabaseFailed("\(walked) cannot be opened: errno \(code)")
            }
            fd = next
        }
        let directory = StationDirectory(path: path, descriptor: fd, owners: owners)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .stationDatabaseFailed("\(path): fstat failed, errno \(errno)") }
        guard owners.isEmpty || owners.contains(info.st_uid) else { throw .dataDirectoryOwner(path, owner: info.st_uid) }
        return directory
    }

    /// The directory holding `path` ("/" for a top-level name): the one a permission error is about.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// Linux's `O_PATH` (fcntl.h; Swift's Glibc module does not export it): a descriptor that only names a place.
    static let openPath: Int32 = 0o10000000

    /// Whether `name` in the directory `fd` is a symbolic link.
    private static func isLink(_ name: String, in fd: Int32) -> Bool {
        var info = stat()
        return fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Whether a link in the directory `fd` can only have been placed by root or this process's user.
    private static func trustsLinks(in fd: Int32) -> Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && (info.st_uid == 0 || info.st_uid == getuid()) && info.st_mode & 0o022 == 0
    }

    /// The subdirectory `name` (not a link, owned by one of `owners`), or nil when it does not exist.
    func subdirectory(_ name: String) throws(CollectorError) -> StationDirectory? {
        guard try entry(name) != nil else { return nil }
        let fd = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw errno == ELOOP ? .dataDirectoryIsLink(path + "/" + name) : failure("open", name) }
        let directory = StationDirectory(path: path + "/" + name, descriptor: fd, owners: owners)
        try directory.check(fd, name: directory.path, regular: false)
        return directory
    }

    /// Makes the subdirectory `name` (0700, given to `account`) unless it exists; then opens it (`subdirectory`).
    func makeSubdirectory(_ name: String, account: StationAccount?) throws(CollectorError) -> StationDirectory {
        if mkdirat(descriptor, name, 0o700) != 0, errno != EEXIST { throw failure("mkdir", name) }
        guard let directory = try subdirectory(name) else { throw failure("open", name) }
        try directory.secure(for: account)
        return directory
    }

    /// What `name` is (`lstat`), or nil when it does not exist.
    /// - Throws: `dataDirectoryIsLink` for a symbolic link, `dataDirectoryOwner` for an owner not in `owners` (empty: any).
    @discardableResult
    func entry(_ name: String) throws(CollectorError) -> stat? {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw failure("stat", name)
        }
        if info.st_mode & S_IFMT == S_IFLNK { throw .dataDirectoryIsLink(path + "/" + name) }
        guard owners.isEmpty || owners.contains(info.st_uid) else { throw .dataDirectoryOwner(path + "/" + name, owner: info.st_uid) }
        return info
    }

    /// Opens the regular file `name` with `flags` (plus `O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC`; created
    /// with mode 0600 under `O_CREAT`) and checks it; nil when it does not exist. The caller closes it.
    func openFile(_ name: String, _ flags: Int32) throws(CollectorError) -> Int32? {
        let fd = openat(descriptor, name, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode_t(0o600))
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return nil
            case ELOOP: throw .dataDirectoryIsLink(path + "/" + name)
            default: throw failure("open", name)
            }
        }
        do throws(CollectorError) {
            try check(fd, name: path + "/" + name, regular: true)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// Runs `body` with the file `name` opened and checked (`openFile`); nil when it does not exist.
    func withFile<T>(_ name: String, _ flags: Int32, _ body: (Int32) throws(CollectorError) -> T) throws(CollectorError) -> T? {
        guard let fd = try openFile(name, flags) else { return nil }
        defer { close(fd) }
        return try body(fd)
    }

    /// Up to the last `limit` bytes of `name` as text, or nil when it does not exist.
    func read(_ name: String, last limit: Int = 1 << 16) throws(CollectorError) -> String? {
        try withFile(name, O_RDONLY) { fd throws(CollectorError) in
            var info = stat()
            _ = fstat(fd, &info)
            let start = max(0, Int(info.st_size) - limit)
            var bytes = [UInt8](repeating: 0, count: min(limit, Int(info.st_size)))
            let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(start)) }
            guard count >= 0 else { throw failure("read", name) }
            return String(decoding: bytes.prefix(count), as: UTF8.self)
        }
    }

    /// Writes `text` to `name`, then gives it to `account`: a private file through `DurableFile` (a
    /// temporary 0600 file in this directory, fsynced, renamed over `name` with `replacing`, else linked
    /// to it only where there is none; then the directory is fsynced), or appended to an existing file
    /// (`appending`: the settings PostgreSQL's `initdb` wrote, never a file of ours).
    func write(_ text: String, to name: String, replacing: Bool = false, appending: Bool = false,
               account: StationAccount?) throws(CollectorError) {
        guard !appending else { return try append(text, to: name) }
        do {
            let file = try DurableFile(in: descriptor, name: name, path: path + "/" + name, existing: replacing ? .replace : .refuse)
            try file.write(text)
            if let account {
                do throws(CollectorError) { try give(file.descriptor, name: name, to: account) } catch {
                    file.discard()
                    throw error
                }
            }
            try file.commit()
        } catch let error as OutputFileError {
            throw .stationDatabaseFailed("write \(path)/\(name) failed: \(error.reason) (errno \(error.errorNumber))")
        } catch let error as CollectorError {
            throw error
        } catch {
            throw .stationDatabaseFailed("write \(path)/\(name) failed")
        }
    }

    /// Appends `text` to the existing file `name`.
    private func append(_ text: String, to name: String) throws(CollectorError) {
        let written: Void? = try withFile(name, O_WRONLY | O_APPEND) { fd throws(CollectorError) in
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw failure("write", name) }
                offset += count
            }
        }
        guard written != nil else { throw failure("open", name) }
    }

    /// Removes the name `name` (never what a link points to); nothing when it does not exist.
    func remove(_ name: String) throws(CollectorError) {
        if unlinkat(descriptor, name, 0) != 0, errno != ENOENT { throw failure("remove", name) }
    }

    /// Gives `name` (a regular file) to `account`; false when it does not exist.
    @discardableResult
    func give(_ name: String, to account: StationAccount) throws(CollectorError) -> Bool {
        try withFile(name, O_RDONLY) { fd throws(CollectorError) in try give(fd, name: name, to: account) } != nil
    }

    /// Makes the directory itself mode 0700 and, given an account, its owner.
    func secure(for account: StationAccount?) throws(CollectorError) {
        guard fchmod(descriptor, 0o700) == 0 else { throw failure("chmod", ".") }
        if let account { try give(descriptor, name: ".", to: account) }
    }

    /// Gives the open file `fd` to `account` (`fchown`).
    func give(_ fd: Int32, name: String, to account: StationAccount) throws(CollectorError) {
        guard fchown(fd, account.uid, account.gid) == 0 else {
            throw .stationDatabaseFailed("cannot give \(path)/\(name) to \(account.name): errno \(errno)")
        }
    }

    /// Checks an opened descriptor: its type, a single name (no hard link) for a file, and its owner.
    private func check(_ fd: Int32, name: String, regular: Bool) throws(CollectorError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .stationDatabaseFailed("\(name): fstat failed, errno \(errno)") }
        guard info.st_mode & S_IFMT == (regular ? S_IFREG : S_IFDIR) else {
            throw .stationDatabaseFailed("\(name) is not a \(regular ? "regular file" : "directory")")
        }
        if regular, info.st_nlink != 1 { throw .dataDirectoryIsLink("\(name) (\(info.st_nlink) hard links)") }
        guard owners.contains(info.st_uid) else { throw .dataDirectoryOwner(name, owner: info.st_uid) }
    }

    private func failure(_ operation: String, _ name: String) -> CollectorError {
        .stationDatabaseFailed("\(operation) \(path)/\(name) failed: errno \(errno)")
    }
}

/// The account a root process runs the station's PostgreSQL as, and gives its files to.
struct StationAccount: Sendable, Hashable {
    let name: String, uid: uid_t, gid: gid_t

    init(name: String, uid: uid_t, gid: gid_t) {
        self.name = name
        self.uid = uid
        self.gid = gid
    }

    /// The account named `name`, or nil when there is none.
    init?(named name: String) {
        guard let entry = getpwnam(name) else { return nil }
        self.init(entry)
    }

    /// The account with `uid`, or nil when there is none.
    init?(uid: uid_t) {
        guard let entry = getpwuid(uid) else { return nil }
        self.init(entry)
    }

    private init(_ entry: UnsafeMutablePointer<passwd>) {
        name = String(cString: entry.pointee.pw_name)
        uid = entry.pointee.pw_uid
        gid = entry.pointee.pw_gid
    }

    /// Makes this process this account for good: `setgroups` to its primary group only, `setgid`, `setuid`
    /// (glibc changes every thread), each checked, then that the real and effective ids are the account's and
    /// root cannot be regained.
    /// - Throws: `stationAccountSwitchFailed` naming the call that failed and its errno.
    func become() throws(CollectorError) {
        var groups = [gid]
        guard setgroups(1, &groups) == 0 else { throw .stationAccountSwitchFailed("setgroups([\(gid)]) for \(name): errno \(errno)") }
        guard setgid(gid) == 0 else { throw .stationAccountSwitchFailed("setgid(\(gid)) for \(name): errno \(errno)") }
        guard setuid(uid) == 0 else { throw .stationAccountSwitchFailed("setuid(\(uid)) for \(name): errno \(errno)") }
        guard getuid() == uid, geteuid() == uid, getgid() == gid, getegid() == gid, getuid() != 0, geteuid() != 0 else {
            throw .stationAccountSwitchFailed("\(name): still uid \(getuid())/\(geteuid()), gid \(getgid())/\(getegid())")
        }
        guard setuid(0) != 0 else { throw .stationAccountSwitchFailed("\(name): setuid(0) succeeded after the switch") }
    }

    /// Whether this process is root.
    static var isRoot: Bool { getuid() == 0 }
    /// This process's user id.
    static var current: uid_t { getuid() }
}

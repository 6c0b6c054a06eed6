import Foundation
import LookupStub
import Testing

@testable import JournalLookup

/// Requests go only where they should: a service's base as the writer set it, and otherwise only
/// addresses on the internet, checked after resolving and again at every hop of a redirect.
@Suite struct AddressCheckTests {
    func client(_ environment: [String: String], cache: String? = nil, resolver: HostResolver = .system) -> LookupClient {
        LookupClient(
            cacheFolder: cache, environment: environment, policy: .testing, userAgent: LookupClientTests.userAgent,
            resolver: resolver)
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.255.0.9", true), ("10.1.2.3", true), ("172.16.0.1", true), ("172.31.255.255", true),
        ("192.168.0.1", true), ("100.64.0.1", true), ("100.127.255.254", true), ("169.254.169.254", true),
        ("0.0.0.0", true), ("0.1.2.3", true), ("224.0.0.1", true), ("239.255.255.250", true), ("255.255.255.255", true),
        ("::", true), ("::1", true), ("fe80::1", true), ("febf::1", true), ("fc00::1", true), ("fd12:3456::1", true),
        ("ff02::1", true), ("::ffff:127.0.0.1", true), ("::ffff:10.0.0.1", true), ("::127.0.0.1", true),
        ("64:ff9b::a9fe:a9fe", true),
        ("8.8.8.8", false), ("172.32.0.1", false), ("100.128.0.1", false), ("192.169.0.1", false), ("93.184.216.34", false),
        ("2606:4700::6810:84e5", false), ("::ffff:8.8.8.8", false), ("fec0::1", true), ("2001:db8::1", true),
        ("192.0.2.2", true), ("198.51.100.7", true), ("203.0.113.9", true), ("198.18.0.1", true), ("198.19.255.1", true),
        ("192.0.0.8", true), ("192.0.3.1", false), ("198.20.0.1", false), ("::ffff:192.0.2.2", true), ("100::1", true),
    ])
    func addressesAreToldInsideFromOutside(text: String, inside: Bool) throws {
        let address = try #require(IPAddress(text: text))
        #expect(address.isInternal == inside, "\(text)")
        #expect(IPAddress(text: address.description) == address)
    }

    /// A machine may hold an address of no private range (a cloud VM's public one, or 192.0.2.2
    /// as here): its services answer there as on 127.0.0.1, so it is refused too (a hostile
    /// test fetched a local-only server's image through it).
    @Test func anAddressOfThisMachineIsRefusedWhateverItsRange() throws {
        let own = try #require(IPAddress(text: "93.184.216.34"))
        let check = AddressCheck(bases: [], resolver: .table(["cdn.example": ["93.184.216.34"]]), machine: [own])
        let url = try #require(URL(string: "http://cdn.example/a.jpg"))
        #expect(check.verdict(on: url) == .refused("cdn.example (93.184.216.34), an address on this machine or its network"))
        let mapped = AddressCheck(bases: [], resolver: .table(["cdn.example": ["::ffff:93.184.216.34"]]), machine: [own])
        #expect(mapped.verdict(on: url) != .allowed)
        let other = AddressCheck(bases: [], resolver: .table(["cdn.example": ["93.184.216.34"]]), machine: [])
        #expect(other.verdict(on: url) == .allowed)
        // The machine's own interfaces are read: loopback at least.
        #expect(IPAddress.ofThisMachine().contains(try #require(IPAddress(text: "127.0.0.1"))))
    }

    @Test(arguments: [["127.0.0.1"], ["::1"], ["::ffff:192.168.1.1"], ["93.184.216.34", "10.0.0.7"]])
    func aNameThatResolvesInsideIsRefused(addresses: [String]) async {
        let resolver = HostResolver.table(["covers.example": addresses])
        let address = "http://covers.example/a.jpg"
        guard case .invalid(let reason) = await client([:], resolver: resolver).download(address, maxBytes: 1 << 20) else {
            Issue.record("\(address), which resolves to \(addresses), must not be fetched")
            return
        }
        #expect(reason.contains("not a cover") && reason.contains("covers.example ("), "\(reason)")
    }

    @Test func namesOfThisMachineAreRefusedWithTheSystemsResolver() async throws {
        var addresses = [
            "http://localhost./x.jpg", "http://2130706433/x.jpg", "http://0x7f.0.0.1/x.jpg", "http://127.1/x.jpg",
            "http://[::ffff:127.0.0.1]/x.jpg", "http://[::]/x.jpg", "http://0/x.jpg",
        ]
        // A name /etc/hosts gives to this machine, besides localhost (a container's host name).
        let hosts = (try? String(contentsOfFile: "/etc/hosts", encoding: .utf8)) ?? ""
        let loopbackNames = hosts.split(separator: "\n").flatMap { line -> [Substring] in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = fields.first, first.hasPrefix("127.") || first == "::1", !line.hasPrefix("#") else { return [] }
            return fields.dropFirst().filter { !$0.contains("localhost") }
        }
        if let name = loopbackNames.first { addresses.append("http://\(name)/x.jpg") }
        for address in addresses {
            guard case .invalid(let reason) = await client([:]).download(address, maxBytes: 1 << 20) else {
                Issue.record("\(address) must not be fetched")
                continue
            }
            #expect(reason.contains("not a cover"), "\(address): \(reason)")
        }
    }

    @Test func aRedirectFromAServiceToAnotherPortOfThisMachineIsRefused() async throws {
        let stub = try await StubServer.start()
        let inside = try await StubServer.start()
        defer {
            Task {
                await stub.stop()
                await inside.stop()
            }
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        inside.answer("GET", "/secret.jpg", with: .fixture("cover_minimal.jpg"))
        inside.answer("GET", "/search", query: nil, with: .fixture("itunes_search_term_kitchen_entity-song.json"))
        stub.answer("GET", "/cover.jpg", with: .status(302, headers: ["Location": inside.baseURL + "/secret.jpg"]))
        stub.answer("GET", "/search", query: nil, with: .status(302, headers: ["Location": inside.baseURL + "/search?term=x"]))
        let lookup = client(stub.environment(), cache: cache)

        guard case .invalid(let reason) = await lookup.download(stub.baseURL + "/cover.jpg", maxBytes: 1 << 20) else {
            Issue.record("a redirect to \(inside.baseURL) must not be followed")
            return
        }
        #expect(reason.contains("redirected to \(inside.baseURL)/secret.jpg") && reason.contains("not followed"), "\(reason)")
        guard case .invalid = await lookup.get(ITunesSearch.request(term: "x")) else {
            Issue.record("an API's redirect to \(inside.baseURL) must not be followed")
            return
        }
        #expect(inside.requests.isEmpty)
        // Nothing was kept: the next run asks again.
        #expect(FileManager.default.subpaths(atPath: cache)?.contains { $0.hasSuffix(".json") } != true)
    }

    @Test func aRedirectWithinAServiceIsFollowed() async throws {
        let stub = try await StubServer.start()
        defer { Task { await stub.stop() } }
        stub.answer("GET", "/cover.jpg", with: .status(302, headers: ["Location": stub.baseURL + "/moved.jpg"]))
        stub.answer("GET", "/moved.jpg", with: .fixture("cover_minimal.jpg"))
        let result = await client(stub.environment()).download(stub.baseURL + "/cover.jpg", maxBytes: 1 << 20)
        #expect(result == .found(StubServer.fixture("cover_minimal.jpg")))
    }
}

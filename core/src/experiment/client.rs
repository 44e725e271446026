//! Which address a request to the experiment's API counts against for its limits (spec §6.3,
//! requirement 16: the rate limit and the identifiers per address and day). By default it is
//! the connection's own peer, and `X-Forwarded-For` is ignored: any client can write that
//! header. Only when the operator names the reverse proxies in front of the server (`serve
//! --trusted-proxy`, `[experiment] trusted_proxies`) and the connection comes from one of
//! them is the header read, from the right: each proxy appends the address it was connected
//! from, so the rightmost entry that is not a trusted proxy is the client as the operator's own
//! proxies saw it. Entries to its left were written by the client and are never used.

use std::net::IpAddr;

/// The address a request from `peer` counts against. `forwarded_for` are the request's
/// `X-Forwarded-For` header values in the order received (several headers read as one list);
/// `trusted` the operator's proxies (empty: the header is never read).
///
/// With `peer` a trusted proxy, the entries are read right to left, skipping trusted
/// proxies: the first other entry is the client. An entry that is not a plain IP address
/// there (a port, a name, `unknown`, garbage) ends the search at the last trusted hop, and so
/// does a missing header: the request counts against the proxy it came through, never
/// against an address nobody vouches for.
pub fn client_address(peer: IpAddr, forwarded_for: &[&str], trusted: &[IpAddr]) -> IpAddr {
    let peer = peer.to_canonical();
    let is_trusted = |a: IpAddr| trusted.iter().any(|t| t.to_canonical() == a);
    if !is_trusted(peer) {
        return peer;
    }
    let entries = forwarded_for
        .iter()
        .flat_map(|h| h.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    let mut last_trusted = peer;
    for entry in entries.iter().rev() {
        let Ok(a) = entry.parse::<IpAddr>().map(|a| a.to_canonical()) else {
            return last_trusted;
        };
        if !is_trusted(a) {
            return a;
        }
        last_trusted = a;
    }
    last_trusted
}

/// The trusted proxies from their written forms (a configuration's or a command line's
/// values), or the first one that is not a plain IP address.
pub fn parse_trusted<'a>(
    written: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<IpAddr>, &'a str> {
    written
        .into_iter()
        .map(|w| w.trim().parse::<IpAddr>().map_err(|_| w))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn without_trusted_proxies_the_header_is_never_read() {
        let peer = ip("203.0.113.7");
        for header in [
            &["198.51.100.1"][..],
            &["1.1.1.1, 2.2.2.2"],
            &[],
            &["garbage"],
        ] {
            assert_eq!(client_address(peer, header, &[]), peer);
        }
        // A trusted list that does not name the peer changes nothing either.
        let trusted = [ip("10.0.0.1")];
        assert_eq!(client_address(peer, &["198.51.100.1"], &trusted), peer);
    }

    #[test]
    fn behind_a_trusted_proxy_the_rightmost_untrusted_entry_counts() {
        let proxy = ip("10.0.0.1");
        let trusted = [proxy, ip("10.0.0.2")];
        // One proxy: the entry it appended.
        assert_eq!(
            client_address(proxy, &["198.51.100.9"], &trusted),
            ip("198.51.100.9")
        );
        // A client that writes its own header cannot choose its address: the proxy appended
        // the real one on the right.
        assert_eq!(
            client_address(proxy, &["6.6.6.6, 198.51.100.9"], &trusted),
            ip("198.51.100.9")
        );
        // Two proxies, and the header split over two lines.
        assert_eq!(
            client_address(proxy, &["6.6.6.6, 198.51.100.9", "10.0.0.2"], &trusted),
            ip("198.51.100.9")
        );
        // IPv6, and an IPv4 peer seen on a dual-stack socket.
        assert_eq!(
            client_address(ip("::ffff:10.0.0.1"), &["2001:db8::5"], &trusted),
            ip("2001:db8::5")
        );
    }

    #[test]
    fn an_entry_nobody_vouches_for_counts_against_the_last_trusted_hop() {
        let proxy = ip("10.0.0.1");
        let trusted = [proxy, ip("10.0.0.2")];
        assert_eq!(client_address(proxy, &[], &trusted), proxy);
        for bad in [
            "unknown",
            "198.51.100.9:443",
            "client.example",
            "",
            "1.2.3.4.5",
        ] {
            assert_eq!(client_address(proxy, &[bad], &trusted), proxy, "{bad:?}");
        }
        assert_eq!(
            client_address(proxy, &["unknown, 10.0.0.2"], &trusted),
            ip("10.0.0.2")
        );
        // Every entry trusted: the leftmost proxy.
        assert_eq!(
            client_address(proxy, &["10.0.0.2, 10.0.0.1"], &trusted),
            ip("10.0.0.2")
        );
    }

    #[test]
    fn trusted_proxies_are_plain_addresses() {
        assert_eq!(
            parse_trusted(["127.0.0.1", " ::1 "]),
            Ok(vec![ip("127.0.0.1"), ip("::1")])
        );
        assert_eq!(
            parse_trusted(["127.0.0.1", "10.0.0.0/8"]),
            Err("10.0.0.0/8")
        );
        assert_eq!(parse_trusted(["proxy.example"]), Err("proxy.example"));
    }
}

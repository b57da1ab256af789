//! The address a request comes from, for per-address limits. Behind a reverse proxy every
//! connection comes from the proxy, so the proxy's `X-Forwarded-For` is believed, but only
//! from the proxies the operator names (`FIELDTAG_TRUSTED_PROXIES`): anyone else could write
//! any address there and escape the limit.

use std::net::IpAddr;
use std::sync::Arc;

use axum::http::HeaderMap;

#[derive(Clone, Default)]
pub struct ClientAddress {
    trusted_proxies: Arc<[IpAddr]>,
}

impl ClientAddress {
    pub fn new(trusted_proxies: &[IpAddr]) -> Self {
        ClientAddress { trusted_proxies: trusted_proxies.into() }
    }

    /// The connection's address, or, when it is a trusted proxy, the nearest address in
    /// `X-Forwarded-For` that is not one (each proxy appends the address it was reached from).
    pub fn of(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.is_trusted(peer) {
            return peer;
        }
        let forwarded = headers.get_all("x-forwarded-for").iter().filter_map(|value| value.to_str().ok());
        let hops: Vec<&str> = forwarded.flat_map(|value| value.split(',')).map(str::trim).collect();
        for hop in hops.iter().rev() {
            match hop.parse::<IpAddr>() {
                Ok(address) if self.is_trusted(address) => continue,
                Ok(address) => return address,
                // Not an address: nothing further left can be believed.
                Err(_) => break,
            }
        }
        peer
    }

    fn is_trusted(&self, address: IpAddr) -> bool {
        let address = address.to_canonical();
        self.trusted_proxies.iter().any(|proxy| proxy.to_canonical() == address)
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn headers(forwarded: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", HeaderValue::from_str(forwarded).unwrap());
        headers
    }

    #[test]
    fn only_a_trusted_proxy_is_believed() {
        let proxy: IpAddr = "10.0.0.2".parse().unwrap();
        let addresses = ClientAddress::new(&[proxy]);
        let client: IpAddr = "203.0.113.7".parse().unwrap();
        assert_eq!(addresses.of(proxy, &headers("203.0.113.7")), client);
        // A client writing its own header in front of the proxy's entry is not believed.
        assert_eq!(addresses.of(proxy, &headers("198.51.100.1, 203.0.113.7")), client);
        assert_eq!(addresses.of(proxy, &headers("203.0.113.7, 10.0.0.2")), client, "chained trusted proxies are skipped");
        let stranger: IpAddr = "192.0.2.9".parse().unwrap();
        assert_eq!(addresses.of(stranger, &headers("203.0.113.7")), stranger);
        assert_eq!(ClientAddress::default().of(proxy, &headers("203.0.113.7")), proxy, "no proxies trusted by default");
        assert_eq!(addresses.of(proxy, &headers("garbage")), proxy);
        assert_eq!(addresses.of(proxy, &HeaderMap::new()), proxy);
    }
}

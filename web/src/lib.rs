//! The verifier page (Yew), thin over sealbook-core.

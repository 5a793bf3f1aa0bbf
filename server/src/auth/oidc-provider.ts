import * as client from 'openid-client';
import type { OidcConfig } from '../config';

/** The organization's OpenID Connect provider as discovery found it (docs/sign-in.md). */
export interface Provider {
  config: client.Configuration;
  /** `userinfo`'s logoutUrl: the provider's end-session endpoint back to the app, if it has one. */
  logoutUrl: string | null;
}

/**
 * The provider, discovered once, when first needed (a provider that is down at start does not
 * stop the API); a failed discovery is tried again by the next sign-in. The end-session URL is
 * the same for every user, so it is built here too.
 */
export function providerOnDemand(oidc: OidcConfig): () => Promise<Provider> {
  let discovered: Promise<Provider> | null = null;
  return () => {
    discovered ??= client
      .discovery(new URL(oidc.issuer), oidc.clientId, oidc.clientSecret, undefined, {
        // Plain http only for a provider on this machine (config.ts refuses it elsewhere).
        execute: oidc.issuer.startsWith('http:') ? [client.allowInsecureRequests] : [],
        timeout: 10,
      })
      .then((config) => ({
        config,
        logoutUrl: config.serverMetadata().end_session_endpoint
          ? client.buildEndSessionUrl(config, {
              client_id: oidc.clientId,
              post_logout_redirect_uri: oidc.postLogoutRedirectUri,
            }).href
          : null,
      }))
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };
}

/** What other rooms use of server/secrets/ (docs/architecture.md): sealing secrets at rest with a key from APP_SECRET. */
export { appSecretPath, resolveAppSecret } from './app-secret.ts';
export { createSecretBox, type SecretBox } from './secret-box.ts';

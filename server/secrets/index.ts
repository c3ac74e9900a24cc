/** What other rooms use of server/secrets/ (docs/architecture.md): sealing secrets at rest with a key from APP_SECRET. */
export { APP_SECRET_FILE, appSecretPath, resolveAppSecret } from './app-secret.ts';
export { createSecretBox, SealedSecretError, type SecretBox } from './secret-box.ts';

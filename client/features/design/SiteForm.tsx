/**
 * What the design sets for the whole site: theme and its light or dark
 * variant, the colour (with its contrast against the theme checked and the
 * nearest readable shade offered), logo, favicon, navigation, footer, social
 * links and what search engines and shared links show.
 */
import { useId } from 'react';
import { checkContrast } from '../../../common/contrast.ts';
import { SOCIAL_NETWORKS, THEME_LABELS, THEMES, themeBackground, themeModes, type Design } from '../../../common/design.ts';
import { ListField, MediaField, SelectField, TextField, type LibraryItem } from './fields.tsx';

interface SiteFormProps {
  design: Design;
  library: LibraryItem[];
  onChange: (design: Design, group?: string) => void;
}

const blankLink = () => ({ label: 'Link', url: 'https://' });

function LinkFields({ item, update }: { item: { label: string; url: string }; update: (item: { label: string; url: string }) => void }) {
  return (
    <>
      <TextField label="Label" value={item.label} max={60} onChange={(label) => update({ ...item, label })} />
      <TextField label="Address" type="url" value={item.url} max={500} hint="https://, mailto: or a path of your site." onChange={(url) => update({ ...item, url })} />
    </>
  );
}

export function ThemePicker({ design, onChange }: Pick<SiteFormProps, 'design' | 'onChange'>) {
  const modes = themeModes(design.theme);
  return (
    <>
      <fieldset className="themes">
        <legend>Theme</legend>
        {THEMES.map((theme) => (
          <label key={theme} className={`themes__option themes__option--${theme}`}>
            <input type="radio" name="theme" value={theme} checked={design.theme === theme} onChange={() => onChange({ ...design, theme })} />
            <span className="themes__swatch" aria-hidden="true">
              Aa
            </span>
            <span className="themes__text">
              <strong>{THEME_LABELS[theme].name}</strong>
              <span>{THEME_LABELS[theme].description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {modes.length > 1 && (
        <SelectField label="Variant" value={design.mode} options={modes.map((mode) => ({ value: mode, label: mode === 'light' ? 'Light' : 'Dark' }))} onChange={(mode) => onChange({ ...design, mode })} />
      )}
    </>
  );
}

function ColourField({ design, onChange }: Pick<SiteFormProps, 'design' | 'onChange'>) {
  const id = useId();
  const accent = design.colors.accent;
  const check = checkContrast(accent, themeBackground(design));
  const setAccent = (value: string) => onChange({ ...design, colors: { accent: value.toLowerCase() } }, 'accent');
  return (
    <div className="design-field">
      <label htmlFor={id}>Brand colour</label>
      <div className="design-colour">
        <input id={id} type="color" value={accent} onChange={(event) => setAccent(event.target.value)} aria-describedby={`${id}-contrast`} />
        <code>{accent}</code>
      </div>
      <p id={`${id}-contrast`} className={check.passes ? 'design-field__hint' : 'design-field__warning'} role="status">
        {check.passes ? (
          `Readable as link text on this theme (contrast ${check.ratio.toFixed(1)}:1).`
        ) : (
          <>
            Too pale to read as text on this theme (contrast {check.ratio.toFixed(1)}:1, at least 4.5:1 is needed). Links use {check.nearest} instead.{' '}
            <button type="button" className="design-link-button" onClick={() => setAccent(check.nearest)}>
              Use {check.nearest}
            </button>
          </>
        )}
      </p>
    </div>
  );
}

export function SiteForm({ design, library, onChange }: SiteFormProps) {
  return (
    <>
      <ColourField design={design} onChange={onChange} />
      <MediaField label="Logo" value={design.logoId} items={library} onChange={(logoId) => onChange({ ...design, logoId })} />
      <MediaField label="Favicon" value={design.faviconId} items={library} onChange={(faviconId) => onChange({ ...design, faviconId })} />
      <ListField label="Navigation links" itemName="navigation link" items={design.nav} max={8} blank={blankLink} onChange={(nav) => onChange({ ...design, nav }, 'nav')} render={(item, update) => <LinkFields item={item} update={update} />} />
      <TextField label="Footer text" value={design.footer.text} max={500} multiline onChange={(text) => onChange({ ...design, footer: { ...design.footer, text } }, 'footer-text')} />
      <ListField
        label="Footer links"
        itemName="footer link"
        items={design.footer.links}
        max={10}
        blank={blankLink}
        onChange={(links) => onChange({ ...design, footer: { ...design.footer, links } }, 'footer-links')}
        render={(item, update) => <LinkFields item={item} update={update} />}
      />
      <ListField
        label="Social links"
        itemName="social link"
        items={design.social}
        max={12}
        blank={() => ({ network: 'instagram' as const, url: 'https://' })}
        onChange={(social) => onChange({ ...design, social }, 'social')}
        render={(item, update) => (
          <>
            <SelectField label="Network" value={item.network} options={SOCIAL_NETWORKS.map((network) => ({ value: network, label: network }))} onChange={(network) => update({ ...item, network })} />
            <TextField label="Address" type="url" value={item.url} max={500} onChange={(url) => update({ ...item, url })} />
          </>
        )}
      />
      <TextField label="Search and sharing description" value={design.seo.description} max={300} multiline hint="Empty uses your tagline." onChange={(description) => onChange({ ...design, seo: { ...design.seo, description } }, 'seo')} />
      <MediaField label="Sharing image" value={design.seo.imageId} items={library} onChange={(imageId) => onChange({ ...design, seo: { ...design.seo, imageId } })} />
    </>
  );
}

/** The settings form of the selected section, one set of fields per section type (common/design.ts). */
import type { Section, SectionSettings } from '../../../common/design.ts';
import { CheckField, ListField, MediaField, SelectField, TextField, type LibraryItem } from './fields.tsx';

export interface PostChoice {
  id: string;
  title: string;
}

interface SectionFormProps {
  section: Section;
  library: LibraryItem[];
  posts: PostChoice[];
  /** `group` merges the keystrokes of one field into one undo step. */
  onChange: (settings: Section['settings'], group: string) => void;
}

export function SectionForm({ section, library, posts, onChange }: SectionFormProps) {
  const group = (field: string) => `${section.id}.${field}`;
  const heading = (
    <TextField label="Heading" value={section.settings.heading} max={120} onChange={(value) => onChange({ ...section.settings, heading: value }, group('heading'))} />
  );
  switch (section.type) {
    case 'hero': {
      const s = section.settings;
      const set = (patch: Partial<SectionSettings['hero']>, field: string) => onChange({ ...s, ...patch }, group(field));
      return (
        <>
          <TextField label="Heading" value={s.heading} max={120} hint="Empty shows your site’s title." onChange={(value) => set({ heading: value }, 'heading')} />
          <TextField label="Text" value={s.text} max={300} multiline hint="Empty shows your tagline." onChange={(value) => set({ text: value }, 'text')} />
          <MediaField label="Picture" value={s.imageId} items={library} onChange={(value) => set({ imageId: value }, 'image')} />
          <SelectField label="Alignment" value={s.align} options={[{ value: 'center', label: 'Centred' }, { value: 'left', label: 'Left' }]} onChange={(value) => set({ align: value }, 'align')} />
          <CheckField label="Show the join button" checked={s.showJoin} onChange={(value) => set({ showJoin: value }, 'join')} />
        </>
      );
    }
    case 'about':
    case 'text':
    case 'tiers': {
      const s = section.settings;
      const max = section.type === 'text' ? 10_000 : section.type === 'about' ? 5000 : 500;
      return (
        <>
          {heading}
          <TextField label="Text" value={s.text} max={max} multiline hint={section.type === 'about' ? 'Empty shows the about text of your settings.' : undefined} onChange={(value) => onChange({ ...s, text: value }, group('text'))} />
        </>
      );
    }
    case 'latest-posts': {
      const s = section.settings;
      return (
        <>
          {heading}
          <SelectField label="Layout" value={s.layout} options={[{ value: 'list', label: 'List' }, { value: 'grid', label: 'Grid with covers' }, { value: 'cards', label: 'Cards with covers' }]} onChange={(value) => onChange({ ...s, layout: value }, group('layout'))} />
          <SelectField label="How many" value={String(s.count)} options={['3', '6', '9', '12', '20'].map((value) => ({ value, label: value }))} onChange={(value) => onChange({ ...s, count: Number(value) }, group('count'))} />
        </>
      );
    }
    case 'featured-posts': {
      const s = section.settings;
      return (
        <>
          {heading}
          <ListField
            label="Posts"
            itemName="post"
            items={s.postIds}
            max={12}
            blank={() => posts[0]?.id ?? ''}
            onChange={(postIds) => onChange({ ...s, postIds: postIds.filter(Boolean) }, group('posts'))}
            render={(postId, update) => (
              <SelectField label="Post" value={postId} options={posts.map((post) => ({ value: post.id, label: post.title || 'Untitled' }))} onChange={update} />
            )}
          />
        </>
      );
    }
    case 'join': {
      const s = section.settings;
      return (
        <>
          {heading}
          <TextField label="Text" value={s.text} max={500} multiline onChange={(value) => onChange({ ...s, text: value }, group('text'))} />
          <TextField label="Button" value={s.buttonLabel} max={40} onChange={(value) => onChange({ ...s, buttonLabel: value }, group('button'))} />
        </>
      );
    }
    case 'links': {
      const s = section.settings;
      return (
        <>
          {heading}
          <ListField
            label="Links"
            itemName="link"
            items={s.links}
            max={20}
            blank={() => ({ label: 'My link', url: 'https://' })}
            onChange={(links) => onChange({ ...s, links }, group('links'))}
            render={(item, update) => (
              <>
                <TextField label="Label" value={item.label} max={60} onChange={(label) => update({ ...item, label })} />
                <TextField label="Address" type="url" value={item.url} max={500} hint="https://, mailto: or a path of your site." onChange={(url) => update({ ...item, url })} />
              </>
            )}
          />
        </>
      );
    }
    case 'media': {
      const s = section.settings;
      return (
        <>
          {heading}
          <MediaField label="Video, audio or picture" value={s.mediaId} items={library} kinds={['image', 'video', 'audio']} onChange={(value) => onChange({ ...s, mediaId: value }, group('media'))} />
          <TextField label="Caption" value={s.caption} max={300} onChange={(value) => onChange({ ...s, caption: value }, group('caption'))} />
        </>
      );
    }
    case 'gallery': {
      const s = section.settings;
      const images = library.filter((item) => item.kind === 'image');
      return (
        <>
          {heading}
          <ListField
            label="Pictures"
            itemName="picture"
            items={s.images}
            max={24}
            blank={() => ({ mediaId: images[0]?.id ?? '', caption: '' })}
            onChange={(list) => onChange({ ...s, images: list.filter((image) => image.mediaId) }, group('images'))}
            render={(item, update) => (
              <>
                <MediaField label="Picture" value={item.mediaId} items={library} onChange={(mediaId) => update({ ...item, mediaId: mediaId ?? '' })} />
                <TextField label="Caption" value={item.caption} max={200} onChange={(caption) => update({ ...item, caption })} />
              </>
            )}
          />
        </>
      );
    }
    case 'testimonials': {
      const s = section.settings;
      return (
        <>
          {heading}
          <ListField
            label="Quotes"
            itemName="quote"
            items={s.items}
            max={12}
            blank={() => ({ quote: '', name: '', role: '' })}
            onChange={(items) => onChange({ ...s, items }, group('items'))}
            render={(item, update) => (
              <>
                <TextField label="Quote" value={item.quote} max={600} multiline onChange={(quote) => update({ ...item, quote })} />
                <TextField label="Name" value={item.name} max={80} onChange={(name) => update({ ...item, name })} />
                <TextField label="Role" value={item.role} max={80} onChange={(role) => update({ ...item, role })} />
              </>
            )}
          />
        </>
      );
    }
    case 'faq': {
      const s = section.settings;
      return (
        <>
          {heading}
          <ListField
            label="Questions"
            itemName="question"
            items={s.items}
            max={30}
            blank={() => ({ question: '', answer: '' })}
            onChange={(items) => onChange({ ...s, items }, group('items'))}
            render={(item, update) => (
              <>
                <TextField label="Question" value={item.question} max={200} onChange={(question) => update({ ...item, question })} />
                <TextField label="Answer" value={item.answer} max={2000} multiline onChange={(answer) => update({ ...item, answer })} />
              </>
            )}
          />
        </>
      );
    }
  }
}

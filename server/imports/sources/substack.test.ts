import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsFolder, zipBytes } from '../../../tests/support/zip-fixtures.ts';
import { readSubstackExport } from './substack.ts';

let uploads: Awaited<ReturnType<typeof uploadsFolder>>;
beforeAll(async () => {
  uploads = await uploadsFolder();
});
afterAll(() => uploads.remove());

const MEDIA = 'https://substack-post-media.s3.amazonaws.com/public/images/4f1c-1024x768.png';
const ENCODED = encodeURIComponent(MEDIA);
const resized = (transform: string) => `https://substackcdn.com/image/fetch/${transform},c_limit,f_auto,q_auto:good,fl_progressive:steep/${ENCODED}`;
const OLD_IMAGE = 'https://bucketeer-e05bbc84-baa3-437e-9518-adb32be77984.s3.amazonaws.com/public/images/old.jpg';
const ATTACHMENT = 'https://mypub.substack.com/api/v1/file/0d1e-guide.pdf';
const PROXIED = `https://substackcdn.com/image/fetch/w_1456/${encodeURIComponent('https://images.example.org/cat.jpg')}`;

/** A body as Substack's editor writes an image: a link to the image around a picture with a srcset of sizes. */
const HELLO = `<p>Welcome to <a href="https://example.org/page">my page</a> and <a href="https://mypub.substack.com/p/other">another post</a>.</p>
<div class="captioned-image-container"><figure><a class="image-link image2 is-viewable-img" target="_blank" href="${resized('f_auto')}"><div class="image2-inset"><picture><source type="image/webp" srcset="${resized('w_424')} 424w, ${resized('w_848')} 848w" sizes="100vw"><img src="${resized('w_1456')}" srcset="${resized('w_424')} 424w, ${resized('w_1456')} 1456w" sizes="100vw" width="1024" height="768" alt="A chart" class="sizing-normal"></picture></div></a><figcaption class="image-caption">The chart</figcaption></figure></div>
<p><img src="${OLD_IMAGE}" alt=""> <img src="${PROXIED}" alt="cat"> <img src="https://images.example.org/dog.jpg" alt="dog"> <img src="data:image/png;base64,AAAA"></p>
<p><a class="file-embed-button wide" href="${ATTACHMENT}">Download</a></p>`;

const POSTS = [
  'post_id,post_date,is_published,email_sent_at,inbox_sent_at,type,audience,title,subtitle,podcast_url',
  '139092358.hello-world,2024-03-01T10:00:00.000Z,true,2024-03-01T10:00:05.000Z,2024-03-01T10:00:05.000Z,newsletter,everyone,Hello world,The first one,',
  '139092359.paid-notes,2024-03-08T10:00:00.000Z,true,,,newsletter,only_paid,Paid notes,,',
  '139092360.founders,2024-03-09T10:00:00.000Z,true,,,newsletter,founding,For founders,,',
  '139092361.members-note,2024-03-10T10:00:00.000Z,true,,,newsletter,only_free,"Members, hello",,',
  '139092362.draft-idea,,false,,,newsletter,everyone,Draft idea,,',
  '139092363.missing-body,2024-03-11T10:00:00.000Z,true,,,newsletter,everyone,Missing body,,',
  '139092364.episode-1,2024-03-12T10:00:00.000Z,true,,,podcast,everyone,Episode 1,,https://api.substack.com/feed/podcast/139092364/abc.mp3',
  '139092358.hello-world,2024-03-01T10:00:00.000Z,true,,,newsletter,everyone,Hello again,,',
].join('\n');

const EMAIL_LIST = [
  'email,active_subscription,expiry,plan,email_disabled,created_at',
  'Paid@Example.com,true,2099-01-01T00:00:00.000Z,yearly,false,2023-01-02T03:04:05.000Z',
  'lapsed@example.com,true,2020-01-01T00:00:00.000Z,monthly,false,2022-01-02T03:04:05.000Z',
  'quiet@example.com,false,,,true,2023-05-02T03:04:05.000Z',
  'paid@example.com,false,,,false,2023-06-02T03:04:05.000Z',
  ',false,,,false,2023-06-02T03:04:05.000Z',
  'not-an-address,false,,,false,2023-06-02T03:04:05.000Z',
].join('\n');

const SUBSCRIBERS = ['Email,Name,Subscription type,stripe_connected_customer_id', 'paid@example.com,Pat Paid,Yearly,cus_Paid123', 'newcomer@example.com,New Comer,Monthly,cus_New456'].join('\n');

const exportZip = () =>
  zipBytes({
    'posts.csv': POSTS,
    'posts/139092358.hello-world.html': HELLO,
    'posts/139092358.hello-world.delivers.csv': 'email,timestamp\npaid@example.com,2024-03-01\n',
    'posts/139092359.paid-notes.html': '<p>For paying readers.</p>',
    'posts/139092360.founders.html': '<p>For founders.</p>',
    'posts/139092361.members-note.html': '<p>For members.</p>',
    'posts/139092362.draft-idea.html': '<p>Not yet.</p>',
    'posts/139092364.episode-1.html': '<p>Show notes.</p>',
    'email_list.mypub.csv': EMAIL_LIST,
    'subscribers-2024-05-01.csv': SUBSCRIBERS,
  });

describe('readSubstackExport', () => {
  it('reads the posts: visibility by audience, drafts, slugs and old paths, every image once (Substack’s as its original) and Substack’s files', async () => {
    const bundle = await readSubstackExport({ filePath: await uploads.write('substack.zip', await exportZip()), fileName: 'substack.zip' });
    expect(bundle.source).toBe('substack');
    expect(bundle.posts.map((post) => [post.key, post.slug, post.title, post.status, post.visibility, post.publishedAt?.toISOString() ?? null])).toEqual([
      ['139092358.hello-world', 'hello-world', 'Hello world', 'published', 'public', '2024-03-01T10:00:00.000Z'],
      ['139092359.paid-notes', 'paid-notes', 'Paid notes', 'published', 'paid', '2024-03-08T10:00:00.000Z'],
      ['139092360.founders', 'founders', 'For founders', 'published', 'paid', '2024-03-09T10:00:00.000Z'],
      ['139092361.members-note', 'members-note', 'Members, hello', 'published', 'members', '2024-03-10T10:00:00.000Z'],
      ['139092362.draft-idea', 'draft-idea', 'Draft idea', 'draft', 'public', null],
      ['139092364.episode-1', 'episode-1', 'Episode 1', 'published', 'public', '2024-03-12T10:00:00.000Z'],
    ]);
    const [hello] = bundle.posts;
    expect(hello).toMatchObject({ excerpt: 'The first one', tags: [], oldPaths: ['/p/hello-world'], where: 'posts.csv line 2' });
    expect(hello?.fileUrls).toEqual([MEDIA, OLD_IMAGE, PROXIED, 'https://images.example.org/dog.jpg', ATTACHMENT]);
    expect(hello?.html).not.toContain('srcset');
    expect(hello?.html).not.toContain('<source');
    expect(hello?.html).toContain(`<img src="${MEDIA}"`);
    expect(hello?.html).toContain(`href="${MEDIA}"`);
    expect(hello?.html).toContain('href="https://mypub.substack.com/p/other"');
    expect(hello?.html).toContain('<figcaption class="image-caption">The chart</figcaption>');
    const episode = bundle.posts.find((post) => post.slug === 'episode-1');
    expect(episode?.fileUrls).toEqual(['https://api.substack.com/feed/podcast/139092364/abc.mp3']);
    expect(episode?.html).toContain('<a href="https://api.substack.com/feed/podcast/139092364/abc.mp3">Listen to the episode</a>');
    expect(bundle.problems.filter((problem) => problem.where.startsWith('Post') || problem.where.startsWith('posts.csv'))).toEqual([
      { where: 'Post “Missing body”', message: 'Listed in posts.csv but its body is not in the export; it is left out.' },
      { where: 'posts.csv line 9', message: 'The post 139092358.hello-world is already on line 2; only the first is kept.' },
    ]);
    await bundle.close();
  });

  it('reads the members: paid while the subscription runs, e-mails off when disabled, the Stripe customer from the subscribers CSV', async () => {
    const bundle = await readSubstackExport({ filePath: await uploads.write('substack-members.zip', await exportZip()), fileName: 'substack.zip' });
    expect(bundle.members).toEqual([
      {
        email: 'paid@example.com', name: 'Pat Paid', where: 'email_list.mypub.csv line 2', createdAt: new Date('2023-01-02T03:04:05.000Z'),
        subscribedToEmails: true, paid: true, stripeCustomerId: 'cus_Paid123',
      },
      expect.objectContaining({ email: 'lapsed@example.com', paid: false, subscribedToEmails: true }),
      expect.objectContaining({ email: 'quiet@example.com', paid: false, subscribedToEmails: false }),
      expect.objectContaining({ email: 'not-an-address', paid: false }),
      expect.objectContaining({ email: 'newcomer@example.com', name: 'New Comer', paid: true, stripeCustomerId: 'cus_New456', where: 'subscribers-2024-05-01.csv line 3' }),
    ]);
    expect(bundle.members.every((member) => member.plan === undefined)).toBe(true);
    expect(bundle.problems.filter((problem) => problem.where.startsWith('email_list'))).toEqual([
      { where: 'email_list.mypub.csv line 5', message: 'paid@example.com is already on email_list.mypub.csv line 2; only the first is kept.' },
      { where: 'email_list.mypub.csv line 6', message: 'This row has no e-mail address; it is left out.' },
    ]);
  });

  it('reads each body once: a post_id that is a path (d0/../1.p names posts/1.p.html too) is left out, not read again', async () => {
    const rows = ['post_id,title,is_published,audience', '1.p,One,true,everyone', 'd0/../1.p,Again,true,everyone', 'd1\\..\\1.p,Again,true,everyone', '2.q/x,Path,true,everyone'];
    const path = await uploads.write('paths.zip', await zipBytes({ 'posts.csv': rows.join('\n'), 'posts/1.p.html': '<p>One</p>', 'email_list.csv': 'email\n' }));
    const bundle = await readSubstackExport({ filePath: path, fileName: 'paths.zip' });
    expect(bundle.posts.map((post) => [post.key, post.html])).toEqual([['1.p', '<p>One</p>']]);
    expect(bundle.problems.filter((problem) => problem.where.startsWith('posts.csv')).map((problem) => problem.where)).toEqual([
      'posts.csv line 3',
      'posts.csv line 4',
      'posts.csv line 5',
    ]);
    expect(bundle.problems.find((problem) => problem.where === 'posts.csv line 3')?.message).toBe(
      'The post_id “d0/../1.p” holds a slash, which no Substack post_id does; the row is left out.',
    );
  });

  it('refuses a zip that holds neither posts.csv nor an e-mail list', async () => {
    const path = await uploads.write('not-substack.zip', await zipBytes({ 'subscribed_members_export_1.csv': 'Email Address\na@example.com\n' }));
    await expect(readSubstackExport({ filePath: path, fileName: 'not-substack.zip' })).rejects.toThrow('The archive has no posts.csv and no email_list CSV: it is not a Substack export.');
  });
});

// The offline page's script (offline.html): lists the last feed page the service worker kept,
// and goes back to the feed once the network is back. Plain script: the page is served without
// the app.
(() => {
  const FEED_CACHE = 'feed';
  const FEED_KEY = '/api/posts';

  addEventListener('online', () => location.reload());

  const text = (tag, className, value) => {
    const element = document.createElement(tag);
    if (className) element.className = className;
    element.textContent = value;
    return element;
  };
  const price = (cents) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

  async function showFeed() {
    if (!('caches' in self)) return;
    const response = await caches.match(FEED_KEY, { cacheName: FEED_CACHE });
    if (!response) return;
    const page = await response.json();
    const posts = Array.isArray(page?.posts) ? page.posts : [];
    if (posts.length === 0) return;
    const section = document.querySelector('.offline-feed');
    const list = section.querySelector('.offline-posts');
    for (const post of posts) {
      // Posts only (not 'new user' cards), and only those with something to read.
      if (!post || typeof post !== 'object' || post.type !== 'post') continue;
      if (!post.plainText && typeof post.priceCents !== 'number') continue;
      const item = document.createElement('li');
      const head = document.createElement('div');
      const author = post.author ?? {};
      head.append(text('span', 'offline-post-author', `${author.firstName ?? ''} ${author.lastName ?? ''}`.trim()));
      if (typeof post.priceCents === 'number') head.append(text('span', 'offline-post-price', price(post.priceCents)));
      item.append(head);
      if (typeof post.plainText === 'string' && post.plainText)
        item.append(text('p', 'offline-post-text', post.plainText));
      list.append(item);
    }
    const date = response.headers.get('date');
    if (date) {
      section.querySelector('.offline-when').textContent =
        `As it was at ${new Date(date).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.`;
    }
    section.hidden = false;
  }
  showFeed().catch(() => {});
})();

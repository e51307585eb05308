/**
 * The blog's own words outside its posts: the index's heading and lead (also the list's meta and feed
 * description), and the descriptions of the pages the theme leaves without one.
 */
export const blog = {
  title: 'Blog',
  description: 'Release announcements, design notes and guides from the tRPC team.',
  authorsDescription: 'The tRPC team roles that write for the blog, each with the posts they wrote.',
  tagsDescription: 'Browse the tRPC blog by topic: releases, Next.js, TypeScript performance, server actions and more.',
};


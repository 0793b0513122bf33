// Stands in for the package react-lite-youtube-embed, which the corpus copy
// lacks: a link to the video, with its title.
import React from 'react';

export default function LiteYouTubeEmbed({id, title}) {
  return <a href={`https://www.youtube.com/watch?v=${id}`}>{title ?? id}</a>;
}

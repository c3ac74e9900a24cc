/** The marketing content structures of SPEC.md section 3, shared by the public pages. */

export interface FaqItem {
  question: string;
  answer: string;
}

export interface Testimonial {
  text: string;
  user: string;
  /** 1 to 5 stars. */
  rating: 1 | 2 | 3 | 4 | 5;
}

export interface Card {
  title: string;
  content: string;
  imagePath: string;
}

/** A headline figure of the landing page's TL;DR strip. */
export interface Stat {
  value: string;
  label: string;
}

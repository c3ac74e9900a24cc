/** The FAQ accordions: general questions on the landing page, support questions on the contact page. */
import type { FaqItem } from './types.ts';

export const LANDING_FAQ: readonly FaqItem[] = [
  {
    question: 'What does it cost?',
    answer: 'One flat monthly fee starting at $19, after a 30-day free trial. We take a 0% cut of what your fans pay you, however much you earn.',
  },
  {
    question: 'Do you really take 0% of my revenue?',
    answer: 'Yes. Other platforms take 20-30% of every subscription. We charge a flat fee instead, so what your subscribers pay is yours, apart from your payment provider’s processing fee.',
  },
  {
    question: 'Can I use my own domain?',
    answer: 'Yes. Your site runs on your own domain, so every link you share builds your brand. Connecting it is one of the first steps in your creator area.',
  },
  {
    question: 'Do I need to know how to code?',
    answer: 'No. You arrange pages, sections, colours and fonts with drag-and-drop, and preview every page before it goes live.',
  },
  {
    question: 'Who is the platform for?',
    answer: 'Indie creators who sell content or memberships: podcasters, artists, coaches, educators, fitness influencers and anyone whose audience wants more of their work.',
  },
  {
    question: 'What happens when the free trial ends?',
    answer: 'Your 30-day trial includes every feature. When it ends you decide whether to continue on a flat monthly plan from $19. If you do not, your site simply stops being public.',
  },
];

export const CONTACT_FAQ: readonly FaqItem[] = [
  {
    question: 'How quickly does support reply?',
    answer: 'We answer every message within one business day, usually sooner. Include your site’s address so we can look at it straight away.',
  },
  {
    question: 'I did not get my verification e-mail. What should I do?',
    answer: 'Check your spam folder first. If it is not there, open the verification page and ask for a new link. Each link works once and for 24 hours.',
  },
  {
    question: 'How do I reset my password?',
    answer: 'Choose ‘Forgot password?’ on the login page and enter your e-mail address. The link we send works once and for 60 minutes, and using it signs you out on every device.',
  },
  {
    question: 'Can you help me connect my own domain?',
    answer: 'Yes. Write to us with your domain name and the registrar you bought it from, and we will walk you through the DNS records step by step.',
  },
  {
    question: 'Where can I read how you handle my data?',
    answer: 'Our Privacy Policy explains what we collect, why, and how long we keep it. Our Terms & Conditions cover subscriptions, payments and your rights to your content.',
  },
];

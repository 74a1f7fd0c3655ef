import type { LocalizedTermsDocument } from './types.ts';

/**
 * The Privacy Policy in all seven languages.
 * Every language has the same twelve sections in the same order.
 */
export const privacyPolicy: LocalizedTermsDocument = {
  en: {
    title: 'Privacy Policy',
    updated: 'Last updated: 20 November 2026',
    intro: [
      'This Privacy Policy explains how KPC (“we”, “us”) collects, uses, shares and protects personal data when you use the KPC app and its Services, including the KPC card programme and the KLK digital-broker programme.',
      'Please read it together with our User Agreement. If you have any questions, contact us at support@kpc.example.',
    ],
    sections: [
      {
        heading: '1. Who we are and what this Policy covers',
        paragraphs: [
          'KPC operates the Services and is responsible for the personal data processed through them. This Policy applies to the app and to our communications with you.',
          'Card issuers, identity verification providers and wallet providers have their own privacy policies, which apply to the data they process for their own purposes.',
        ],
      },
      {
        heading: '2. Data we collect',
        paragraphs: [
          'Account data: your email address, your password (stored only as a hash), your invitation code, your referrer and team relationships, your language preference and your account settings.',
          'Wallet and transaction data: the wallet addresses you connect or use; deposit, withdrawal, exchange, plan, staking and package records; balances and transaction hashes. Transactions on public blockchains are visible to anyone.',
          'Technical data: IP address, device type, operating system, browser, time zone and logs of sign-ins and actions. Identity (KYC) data for card applications: name, date of birth, nationality, address, phone number, identity document and the photos or selfie requested by the card issuer or its verification provider.',
        ],
      },
      {
        heading: '3. How we use your data',
        paragraphs: [
          'To create and manage your account, verify your email, sign you in, process deposits, withdrawals, exchanges and plans, handle card, node and shareholder applications, and calculate referral and team rewards.',
          'To keep the Services secure, detect and prevent fraud, money laundering and abuse, meet our legal obligations, answer your requests, send you service notices and improve the app.',
          'We do not sell your personal data, and we do not use it for third-party advertising.',
        ],
      },
      {
        heading: '4. Legal bases',
        paragraphs: [
          'We process your data because it is necessary to perform our agreement with you; to comply with legal obligations, such as anti-money-laundering, sanctions and tax rules; for our legitimate interests in securing and improving the Services and preventing fraud; and, where required, on the basis of your consent.',
          'Where we rely on your consent, you can withdraw it at any time. This does not affect processing that took place before you withdrew it.',
        ],
      },
      {
        heading: '5. Sharing your data',
        paragraphs: [
          'We share data only where needed: with card issuers and payment networks to process card applications and card use; with identity verification (KYC) and sanctions-screening providers; with hosting, email and security providers acting on our instructions; and with professional advisers bound by confidentiality.',
          'We disclose data to law enforcement agencies, regulators, courts or other authorities where the law requires it, or where necessary to protect the rights and safety of members and others. If our business is reorganised or transferred, data may pass to the successor under the same protections.',
          'Your referrer and team members may see limited information about you, such as a masked account identifier, as shown on the team pages.',
        ],
      },
      {
        heading: '6. International transfers',
        paragraphs: [
          'Our service providers and card issuers may be located in countries other than yours, where data protection laws may differ. When we transfer data abroad, we use appropriate safeguards, such as contractual protections, and share only what is needed.',
        ],
      },
      {
        heading: '7. How long we keep your data',
        paragraphs: [
          'We keep personal data only as long as needed for the purposes in this Policy. Account data is kept while your account is open. Transaction records and KYC data are kept for at least five years after your account is closed, or longer where the law requires.',
          'Technical logs are kept for a shorter period unless they are needed to investigate a security incident. Verification codes expire after 10 minutes. Data we no longer need is deleted or anonymised.',
        ],
      },
      {
        heading: '8. Security',
        paragraphs: [
          'We protect your data with technical and organisational measures, including encrypted connections, access controls and monitoring. Passwords and verification codes are stored only as one-way hashes, so nobody at KPC can read them.',
          'We will never ask for your private key or seed phrase. No system is completely secure, so please protect your own devices, password and wallet as well. If a data breach affects you, we will notify you and the authorities as the law requires.',
        ],
      },
      {
        heading: '9. Local storage and cookies',
        paragraphs: [
          'The app stores your session and your language preference in your browser’s local storage, so that you stay signed in and see the app in your language. We do not use advertising cookies or third-party tracking.',
          'You can clear local storage in your browser settings at any time. If you do, you will be signed out and the app will return to its default language.',
        ],
      },
      {
        heading: '10. Your rights',
        paragraphs: [
          'Depending on the law where you live, you may have the right to access your data, correct it, delete it, restrict or object to its processing, receive a copy in a portable format and withdraw your consent.',
          'To exercise these rights, email support@kpc.example, from your registered email address if you have one. We may need to verify your identity and will reply within the time required by law. Some data must be kept for legal reasons even if you ask us to delete it. You may also complain to your local data protection authority.',
        ],
      },
      {
        heading: '11. Children',
        paragraphs: [
          'The Services are only for people aged 18 or over. We do not knowingly collect data from anyone under 18. If we learn that we have done so, we will close the account and delete the data unless the law requires us to keep it.',
        ],
      },
      {
        heading: '12. Changes to this Policy and contact',
        paragraphs: [
          'We may update this Policy from time to time. The date at the top shows the current version, and we will notify you in the app of significant changes.',
          'For any question or request about your personal data, contact us at support@kpc.example.',
        ],
      },
    ],
  },
  'zh-Hans': {
    title: '隐私政策',
    updated: '最后更新：2026年11月20日',
    intro: [
      '本隐私政策说明当您使用 KPC 应用及其服务（包括 KPC 卡计划和 KLK 数字经纪人计划）时，KPC（“我们”）如何收集、使用、共享和保护您的个人数据。',
      '请结合我们的《用户协议》一并阅读。如有任何疑问，请通过 support@kpc.example 联系我们。',
    ],
    sections: [
      {
        heading: '1. 我们是谁及本政策的适用范围',
        paragraphs: [
          'KPC 运营本服务，并对通过本服务处理的个人数据负责。本政策适用于本应用以及我们与您之间的沟通。',
          '发卡机构、身份核验服务商和钱包服务商有各自的隐私政策，适用于其为自身目的处理的数据。',
        ],
      },
      {
        heading: '2. 我们收集的数据',
        paragraphs: [
          '账户数据：您的电子邮箱、密码（仅以哈希形式存储）、邀请码、推荐人及团队关系、语言偏好和账户设置。',
          '钱包与交易数据：您连接或使用的钱包地址；充值、提现、兑换、计划、质押和套餐记录；余额和交易哈希。公链上的交易对任何人都是可见的。',
          '技术数据：IP 地址、设备类型、操作系统、浏览器、时区以及登录和操作日志。卡片申请所需的身份（KYC）数据：姓名、出生日期、国籍、地址、电话号码、身份证件，以及发卡机构或其核验服务商要求的照片或自拍。',
        ],
      },
      {
        heading: '3. 我们如何使用您的数据',
        paragraphs: [
          '用于创建和管理您的账户、验证邮箱、登录、处理充值、提现、兑换和计划，办理卡片、节点和股东申请，以及计算推荐奖励和团队奖励。',
          '用于保障本服务安全，发现和防范欺诈、洗钱及滥用行为，履行法律义务，答复您的请求，向您发送服务通知，以及改进本应用。',
          '我们不会出售您的个人数据，也不会将其用于第三方广告。',
        ],
      },
      {
        heading: '4. 法律依据',
        paragraphs: [
          '我们处理您的数据，是因为这对于履行与您之间的协议是必要的；为遵守反洗钱、制裁和税务等法律义务；为保障和改进本服务、防范欺诈这一正当利益；以及在法律要求时基于您的同意。',
          '如我们的处理基于您的同意，您可以随时撤回同意。撤回不影响撤回前已进行的处理。',
        ],
      },
      {
        heading: '5. 数据共享',
        paragraphs: [
          '我们仅在必要时共享数据：与发卡机构和支付网络共享，以处理卡片申请和用卡；与身份核验（KYC）及制裁筛查服务商共享；与按我们指示行事的托管、邮件和安全服务商共享；以及与负有保密义务的专业顾问共享。',
          '在法律要求时，或为保护会员及他人的权利和安全所必需时，我们会向执法机关、监管机构、法院或其他主管机关披露数据。如我们的业务发生重组或转让，数据可能在同等保护下转移给承继方。',
          '您的推荐人和团队成员可能看到您的有限信息，例如团队页面上显示的部分隐藏的账户标识。',
        ],
      },
      {
        heading: '6. 跨境传输',
        paragraphs: [
          '我们的服务商和发卡机构可能位于您所在国家以外的地方，当地的数据保护法律可能有所不同。向境外传输数据时，我们会采取合同保障等适当措施，并且只共享必要的数据。',
        ],
      },
      {
        heading: '7. 数据保存期限',
        paragraphs: [
          '我们仅在实现本政策所述目的所需的期限内保存个人数据。账户数据在您的账户存续期间保存。交易记录和 KYC 数据在账户关闭后至少保存五年；法律要求更长期限的，从其规定。',
          '技术日志的保存期限较短，除非需要用于调查安全事件。验证码在 10 分钟后失效。不再需要的数据将被删除或匿名化。',
        ],
      },
      {
        heading: '8. 数据安全',
        paragraphs: [
          '我们通过技术和组织措施保护您的数据，包括加密连接、访问控制和安全监控。密码和验证码仅以单向哈希形式存储，KPC 的任何人都无法读取。',
          '我们绝不会向您索要私钥或助记词。没有任何系统是绝对安全的，因此也请您保护好自己的设备、密码和钱包。如发生影响您的数据泄露，我们将按法律要求通知您和主管机关。',
        ],
      },
      {
        heading: '9. 本地存储与 Cookie',
        paragraphs: [
          '本应用会将您的登录会话和语言偏好保存在浏览器的本地存储（Local Storage）中，以便您保持登录状态并以您选择的语言使用应用。我们不使用广告 Cookie，也不使用第三方追踪。',
          '您可以随时在浏览器设置中清除本地存储。清除后，您将退出登录，应用也会恢复为默认语言。',
        ],
      },
      {
        heading: '10. 您的权利',
        paragraphs: [
          '根据您所在地的法律，您可能有权访问、更正、删除您的数据，限制或反对对其进行处理，以可携带的格式获取数据副本，以及撤回您的同意。',
          '如需行使上述权利，请发送电子邮件至 support@kpc.example；如您已绑定邮箱，请使用注册邮箱发送。我们可能需要核实您的身份，并将在法律规定的期限内答复。部分数据即使您要求删除，也须因法律原因予以保留。您也可以向当地的数据保护机构投诉。',
        ],
      },
      {
        heading: '11. 未成年人',
        paragraphs: [
          '本服务仅面向年满 18 周岁的人士。我们不会在知情的情况下收集未满 18 周岁者的数据。如发现此类情况，我们将关闭相关账户并删除数据，法律要求保留的除外。',
        ],
      },
      {
        heading: '12. 政策变更与联系方式',
        paragraphs: [
          '我们可能不时更新本政策。顶部的日期表示当前版本；如有重大变更，我们会在应用内通知您。',
          '如对您的个人数据有任何疑问或请求，请通过 support@kpc.example 联系我们。',
        ],
      },
    ],
  },
  hi: {
    title: 'गोपनीयता नीति',
    updated: 'अंतिम अपडेट: 20 नवंबर 2026',
    intro: [
      'यह गोपनीयता नीति बताती है कि जब आप KPC ऐप और उसकी सेवाओं का उपयोग करते हैं, जिनमें KPC कार्ड प्रोग्राम और KLK डिजिटल-ब्रोकर प्रोग्राम शामिल हैं, तब KPC (“हम”) व्यक्तिगत डेटा को कैसे एकत्र करता है, उपयोग करता है, साझा करता है और सुरक्षित रखता है।',
      'कृपया इसे हमारे उपयोगकर्ता अनुबंध के साथ पढ़ें। किसी भी प्रश्न के लिए support@kpc.example पर हमसे संपर्क करें।',
    ],
    sections: [
      {
        heading: '1. हम कौन हैं और यह नीति किन पर लागू होती है',
        paragraphs: [
          'KPC सेवाओं का संचालन करता है और उनके माध्यम से संसाधित व्यक्तिगत डेटा के लिए ज़िम्मेदार है। यह नीति ऐप और आपके साथ हमारे संचार पर लागू होती है।',
          'कार्ड जारीकर्ताओं, पहचान सत्यापन प्रदाताओं और वॉलेट प्रदाताओं की अपनी गोपनीयता नीतियाँ हैं, जो उनके द्वारा अपने उद्देश्यों के लिए संसाधित डेटा पर लागू होती हैं।',
        ],
      },
      {
        heading: '2. हम कौन-सा डेटा एकत्र करते हैं',
        paragraphs: [
          'खाता डेटा: आपका ईमेल पता, आपका पासवर्ड (केवल हैश के रूप में संग्रहीत), आपका आमंत्रण कोड, आपके रेफ़रर और टीम संबंध, आपकी भाषा वरीयता और आपकी खाता सेटिंग्स।',
          'वॉलेट और लेन-देन डेटा: वे वॉलेट पते जिन्हें आप कनेक्ट या उपयोग करते हैं; जमा, निकासी, एक्सचेंज, प्लान, स्टेकिंग और पैकेज के रिकॉर्ड; बैलेंस और ट्रांज़ैक्शन हैश। सार्वजनिक ब्लॉकचेन पर लेन-देन कोई भी देख सकता है।',
          'तकनीकी डेटा: IP पता, डिवाइस का प्रकार, ऑपरेटिंग सिस्टम, ब्राउज़र, टाइम ज़ोन और साइन-इन व गतिविधियों के लॉग। कार्ड आवेदनों के लिए पहचान (KYC) डेटा: नाम, जन्म तिथि, राष्ट्रीयता, पता, फ़ोन नंबर, पहचान दस्तावेज़ और कार्ड जारीकर्ता या उसके सत्यापन प्रदाता द्वारा माँगी गई फ़ोटो या सेल्फ़ी।',
        ],
      },
      {
        heading: '3. हम आपके डेटा का उपयोग कैसे करते हैं',
        paragraphs: [
          'आपका खाता बनाने और प्रबंधित करने, आपका ईमेल सत्यापित करने, आपको साइन इन कराने, जमा, निकासी, एक्सचेंज और प्लान संसाधित करने, कार्ड, नोड और शेयरधारक आवेदनों को संभालने, तथा रेफ़रल और टीम पुरस्कारों की गणना करने के लिए।',
          'सेवाओं को सुरक्षित रखने, धोखाधड़ी, धन-शोधन और दुरुपयोग का पता लगाने और उसे रोकने, अपने कानूनी दायित्वों को पूरा करने, आपके अनुरोधों का उत्तर देने, आपको सेवा सूचनाएँ भेजने और ऐप को बेहतर बनाने के लिए।',
          'हम आपका व्यक्तिगत डेटा नहीं बेचते और इसका उपयोग तृतीय-पक्ष विज्ञापन के लिए नहीं करते।',
        ],
      },
      {
        heading: '4. कानूनी आधार',
        paragraphs: [
          'हम आपका डेटा इसलिए संसाधित करते हैं क्योंकि यह आपके साथ हमारे अनुबंध को पूरा करने के लिए आवश्यक है; धन-शोधन-रोधी, प्रतिबंध और कर नियमों जैसे कानूनी दायित्वों का पालन करने के लिए; सेवाओं को सुरक्षित और बेहतर बनाने तथा धोखाधड़ी रोकने के हमारे वैध हितों के लिए; और, जहाँ आवश्यक हो, आपकी सहमति के आधार पर।',
          'जहाँ हम आपकी सहमति पर निर्भर करते हैं, आप उसे किसी भी समय वापस ले सकते हैं। इससे सहमति वापस लेने से पहले किए गए प्रसंस्करण पर कोई प्रभाव नहीं पड़ता।',
        ],
      },
      {
        heading: '5. आपका डेटा साझा करना',
        paragraphs: [
          'हम डेटा केवल आवश्यकता होने पर साझा करते हैं: कार्ड आवेदन और कार्ड के उपयोग को संसाधित करने के लिए कार्ड जारीकर्ताओं और भुगतान नेटवर्क के साथ; पहचान सत्यापन (KYC) और प्रतिबंध-जाँच प्रदाताओं के साथ; हमारे निर्देशों पर काम करने वाले होस्टिंग, ईमेल और सुरक्षा प्रदाताओं के साथ; और गोपनीयता से बँधे पेशेवर सलाहकारों के साथ।',
          'जहाँ कानून की आवश्यकता हो, या सदस्यों और अन्य लोगों के अधिकारों और सुरक्षा की रक्षा के लिए आवश्यक हो, हम कानून प्रवर्तन एजेंसियों, नियामकों, न्यायालयों या अन्य प्राधिकरणों को डेटा प्रकट करते हैं। यदि हमारे व्यवसाय का पुनर्गठन या हस्तांतरण होता है, तो डेटा समान सुरक्षा के साथ उत्तराधिकारी को दिया जा सकता है।',
          'आपके रेफ़रर और टीम के सदस्य आपके बारे में सीमित जानकारी देख सकते हैं, जैसे टीम पेजों पर दिखाया गया आंशिक रूप से छिपा हुआ खाता पहचानकर्ता।',
        ],
      },
      {
        heading: '6. अंतरराष्ट्रीय हस्तांतरण',
        paragraphs: [
          'हमारे सेवा प्रदाता और कार्ड जारीकर्ता आपके देश के अलावा अन्य देशों में स्थित हो सकते हैं, जहाँ डेटा संरक्षण कानून भिन्न हो सकते हैं। विदेश में डेटा हस्तांतरित करते समय हम अनुबंध संबंधी सुरक्षा जैसे उचित उपाय अपनाते हैं और केवल आवश्यक डेटा ही साझा करते हैं।',
        ],
      },
      {
        heading: '7. हम आपका डेटा कितने समय तक रखते हैं',
        paragraphs: [
          'हम व्यक्तिगत डेटा केवल तब तक रखते हैं जब तक इस नीति में बताए गए उद्देश्यों के लिए आवश्यक हो। खाता डेटा तब तक रखा जाता है जब तक आपका खाता खुला है। लेन-देन रिकॉर्ड और KYC डेटा खाता बंद होने के बाद कम से कम पाँच वर्ष तक, या कानून द्वारा अपेक्षित होने पर इससे अधिक समय तक रखे जाते हैं।',
          'तकनीकी लॉग कम समय के लिए रखे जाते हैं, जब तक कि किसी सुरक्षा घटना की जाँच के लिए उनकी आवश्यकता न हो। सत्यापन कोड 10 मिनट बाद समाप्त हो जाते हैं। जिस डेटा की अब आवश्यकता नहीं है, उसे हटा दिया जाता है या अनाम बना दिया जाता है।',
        ],
      },
      {
        heading: '8. सुरक्षा',
        paragraphs: [
          'हम एन्क्रिप्टेड कनेक्शन, एक्सेस नियंत्रण और निगरानी सहित तकनीकी और संगठनात्मक उपायों से आपके डेटा की सुरक्षा करते हैं। पासवर्ड और सत्यापन कोड केवल एकतरफ़ा हैश के रूप में संग्रहीत किए जाते हैं, इसलिए KPC में कोई भी उन्हें पढ़ नहीं सकता।',
          'हम आपसे कभी भी आपकी प्राइवेट की या सीड फ़्रेज़ नहीं माँगेंगे। कोई भी प्रणाली पूरी तरह सुरक्षित नहीं होती, इसलिए कृपया अपने डिवाइस, पासवर्ड और वॉलेट की भी सुरक्षा करें। यदि किसी डेटा उल्लंघन से आप प्रभावित होते हैं, तो हम कानून के अनुसार आपको और प्राधिकरणों को सूचित करेंगे।',
        ],
      },
      {
        heading: '9. लोकल स्टोरेज और कुकीज़',
        paragraphs: [
          'ऐप आपका सत्र (सेशन) और आपकी भाषा वरीयता आपके ब्राउज़र के लोकल स्टोरेज में सहेजता है, ताकि आप साइन इन रहें और ऐप आपकी भाषा में दिखे। हम विज्ञापन कुकीज़ या तृतीय-पक्ष ट्रैकिंग का उपयोग नहीं करते।',
          'आप किसी भी समय अपनी ब्राउज़र सेटिंग्स में लोकल स्टोरेज साफ़ कर सकते हैं। ऐसा करने पर आप साइन आउट हो जाएँगे और ऐप अपनी डिफ़ॉल्ट भाषा में लौट आएगा।',
        ],
      },
      {
        heading: '10. आपके अधिकार',
        paragraphs: [
          'आपके निवास स्थान के कानून के आधार पर, आपको अपने डेटा तक पहुँचने, उसे सुधारने, हटाने, उसके प्रसंस्करण को सीमित करने या उस पर आपत्ति करने, उसकी प्रति पोर्टेबल प्रारूप में प्राप्त करने और अपनी सहमति वापस लेने का अधिकार हो सकता है।',
          'इन अधिकारों का उपयोग करने के लिए support@kpc.example पर ईमेल करें, और यदि आपका पंजीकृत ईमेल पता है तो उसी से भेजें। हमें आपकी पहचान सत्यापित करनी पड़ सकती है, और हम कानून द्वारा निर्धारित समय के भीतर उत्तर देंगे। कुछ डेटा कानूनी कारणों से रखना पड़ता है, भले ही आप उसे हटाने का अनुरोध करें। आप अपने स्थानीय डेटा संरक्षण प्राधिकरण से शिकायत भी कर सकते हैं।',
        ],
      },
      {
        heading: '11. बच्चे',
        paragraphs: [
          'सेवाएँ केवल 18 वर्ष या उससे अधिक आयु के लोगों के लिए हैं। हम जानबूझकर 18 वर्ष से कम आयु के किसी व्यक्ति का डेटा एकत्र नहीं करते। यदि हमें पता चलता है कि ऐसा हुआ है, तो हम खाता बंद कर देंगे और डेटा हटा देंगे, जब तक कि कानून हमें उसे रखने के लिए बाध्य न करे।',
        ],
      },
      {
        heading: '12. इस नीति में बदलाव और संपर्क',
        paragraphs: [
          'हम समय-समय पर इस नीति को अपडेट कर सकते हैं। ऊपर दी गई तारीख वर्तमान संस्करण को दर्शाती है, और महत्वपूर्ण बदलावों की सूचना हम ऐप में देंगे।',
          'अपने व्यक्तिगत डेटा से जुड़े किसी भी प्रश्न या अनुरोध के लिए support@kpc.example पर हमसे संपर्क करें।',
        ],
      },
    ],
  },
  ja: {
    title: 'プライバシーポリシー',
    updated: '最終更新日：2026年11月20日',
    intro: [
      '本プライバシーポリシーは、お客様がKPCアプリおよびそのサービス（KPCカードプログラムおよびKLKデジタルブローカープログラムを含みます）を利用する際に、KPC（以下「当社」）が個人データをどのように収集、利用、共有、保護するかを説明するものです。',
      '利用規約とあわせてお読みください。ご質問は support@kpc.example までお寄せください。',
    ],
    sections: [
      {
        heading: '1. 当社と本ポリシーの適用範囲',
        paragraphs: [
          'KPCは本サービスを運営し、本サービスを通じて取り扱う個人データについて責任を負います。本ポリシーは、本アプリおよび当社からお客様への連絡に適用されます。',
          'カード発行会社、本人確認サービス提供者、ウォレット提供者にはそれぞれ独自のプライバシーポリシーがあり、各社が自らの目的で取り扱うデータにはそれらが適用されます。',
        ],
      },
      {
        heading: '2. 収集するデータ',
        paragraphs: [
          'アカウントデータ：メールアドレス、パスワード（ハッシュ値としてのみ保存）、招待コード、紹介者およびチームとの関係、言語設定、アカウント設定。',
          'ウォレットおよび取引データ：接続または使用したウォレットアドレス、入金・出金・交換・プラン・ステーキング・パッケージの記録、残高、トランザクションハッシュ。パブリックブロックチェーン上の取引は誰でも閲覧できます。',
          '技術データ：IPアドレス、端末の種類、OS、ブラウザ、タイムゾーン、サインインおよび操作のログ。カード申請のための本人確認（KYC）データ：氏名、生年月日、国籍、住所、電話番号、本人確認書類、ならびにカード発行会社またはその本人確認サービス提供者が求める写真やセルフィー。',
        ],
      },
      {
        heading: '3. データの利用目的',
        paragraphs: [
          'アカウントの作成と管理、メールアドレスの確認、サインイン、入金・出金・交換・プランの処理、カード・ノード・株主申請の取扱い、紹介報酬およびチーム報酬の計算のため。',
          '本サービスの安全確保、詐欺・マネーロンダリング・不正利用の検知と防止、法的義務の履行、お問い合わせへの回答、サービスに関するお知らせの送付、アプリの改善のため。',
          '当社はお客様の個人データを販売せず、第三者の広告に利用することもありません。',
        ],
      },
      {
        heading: '4. 法的根拠',
        paragraphs: [
          '当社は、お客様との契約の履行に必要であること、マネーロンダリング対策、制裁、税務などの法的義務を遵守すること、本サービスの安全確保と改善および詐欺防止という当社の正当な利益、ならびに必要な場合にはお客様の同意に基づいて、データを取り扱います。',
          '同意に基づく取扱いについては、お客様はいつでも同意を撤回できます。撤回前に行われた取扱いには影響しません。',
        ],
      },
      {
        heading: '5. データの共有',
        paragraphs: [
          '当社は必要な場合に限りデータを共有します。共有先は、カード申請およびカード利用の処理のためのカード発行会社と決済ネットワーク、本人確認（KYC）および制裁スクリーニングのサービス提供者、当社の指示に従って業務を行うホスティング・メール・セキュリティのサービス提供者、守秘義務を負う専門アドバイザーです。',
          '法律で求められる場合、または会員その他の方の権利と安全を守るために必要な場合、当社は捜査機関、規制当局、裁判所その他の当局にデータを開示します。事業の再編または譲渡が行われた場合、データは同等の保護のもとで承継者に移転されることがあります。',
          'お客様の紹介者やチームメンバーは、チームページに表示される一部を伏せたアカウント識別子など、限られた情報を閲覧できる場合があります。',
        ],
      },
      {
        heading: '6. 国外への移転',
        paragraphs: [
          '当社のサービス提供者やカード発行会社は、お客様の国とは異なる国に所在し、データ保護法制が異なる場合があります。データを国外に移転する際は、契約上の保護措置など適切な安全管理措置を講じ、必要な範囲に限って共有します。',
        ],
      },
      {
        heading: '7. 保存期間',
        paragraphs: [
          '当社は、本ポリシーに定める目的に必要な期間に限り個人データを保存します。アカウントデータはアカウントが存続する間保存します。取引記録およびKYCデータは、アカウント閉鎖後少なくとも5年間、または法律で定められたそれ以上の期間保存します。',
          '技術ログは、セキュリティインシデントの調査に必要な場合を除き、より短い期間のみ保存します。認証コードは10分で失効します。不要になったデータは削除または匿名化します。',
        ],
      },
      {
        heading: '8. セキュリティ',
        paragraphs: [
          '当社は、暗号化通信、アクセス制御、監視などの技術的・組織的措置によりデータを保護しています。パスワードと認証コードは一方向ハッシュとしてのみ保存されるため、KPCの誰もそれを読み取ることはできません。',
          '当社が秘密鍵やシードフレーズを尋ねることは決してありません。完全に安全なシステムは存在しないため、お客様ご自身でも端末、パスワード、ウォレットを保護してください。お客様に影響するデータ漏えいが発生した場合は、法律に従いお客様と当局に通知します。',
        ],
      },
      {
        heading: '9. ローカルストレージとCookie',
        paragraphs: [
          '本アプリは、サインイン状態を維持し、選択した言語で表示するために、セッションと言語設定をブラウザのローカルストレージに保存します。広告用Cookieや第三者によるトラッキングは使用しません。',
          'ローカルストレージはブラウザの設定からいつでも消去できます。消去するとサインアウトされ、アプリは既定の言語に戻ります。',
        ],
      },
      {
        heading: '10. お客様の権利',
        paragraphs: [
          'お住まいの地域の法律に応じて、お客様はご自身のデータへのアクセス、訂正、削除、取扱いの制限または異議申立て、持ち運び可能な形式での写しの受領、同意の撤回を行う権利を有する場合があります。',
          'これらの権利を行使するには、support@kpc.example までメールでご連絡ください。登録済みのメールアドレスがある場合は、そのアドレスからお送りください。本人確認をお願いする場合があり、法律で定められた期間内に回答します。削除をご希望の場合でも、法的理由により保存しなければならないデータがあります。また、お住まいの地域のデータ保護当局に苦情を申し立てることもできます。',
        ],
      },
      {
        heading: '11. 未成年者',
        paragraphs: [
          '本サービスは18歳以上の方のみを対象としています。当社は18歳未満の方のデータを故意に収集することはありません。そのような収集が判明した場合は、法律で保存が義務付けられている場合を除き、アカウントを閉鎖しデータを削除します。',
        ],
      },
      {
        heading: '12. 本ポリシーの変更とお問い合わせ',
        paragraphs: [
          '当社は本ポリシーを随時更新することがあります。冒頭の日付が現行版を示し、重要な変更についてはアプリ内でお知らせします。',
          '個人データに関するご質問やご請求は、support@kpc.example までお問い合わせください。',
        ],
      },
    ],
  },
  ko: {
    title: '개인정보처리방침',
    updated: '최종 업데이트: 2026년 11월 20일',
    intro: [
      '본 개인정보처리방침은 회원님이 KPC 앱과 그 서비스(KPC 카드 프로그램 및 KLK 디지털 브로커 프로그램 포함)를 이용할 때 KPC(이하 “당사”)가 개인정보를 어떻게 수집, 이용, 공유 및 보호하는지 설명합니다.',
      '이용약관과 함께 읽어 주십시오. 문의 사항은 support@kpc.example로 연락해 주십시오.',
    ],
    sections: [
      {
        heading: '1. 당사 소개 및 적용 범위',
        paragraphs: [
          'KPC는 서비스를 운영하며 서비스를 통해 처리되는 개인정보에 대해 책임을 집니다. 본 방침은 앱과 당사가 회원님께 보내는 연락에 적용됩니다.',
          '카드 발급사, 본인 확인 서비스 제공업체 및 지갑 제공업체는 각자의 개인정보처리방침을 가지고 있으며, 이들이 자체 목적으로 처리하는 정보에는 해당 방침이 적용됩니다.',
        ],
      },
      {
        heading: '2. 수집하는 정보',
        paragraphs: [
          '계정 정보: 이메일 주소, 비밀번호(해시 형태로만 저장), 초대 코드, 추천인 및 팀 관계, 언어 설정, 계정 설정.',
          '지갑 및 거래 정보: 연결하거나 사용한 지갑 주소, 입금·출금·교환·플랜·스테이킹·패키지 기록, 잔액 및 트랜잭션 해시. 퍼블릭 블록체인상의 거래는 누구나 볼 수 있습니다.',
          '기술 정보: IP 주소, 기기 유형, 운영체제, 브라우저, 시간대, 로그인 및 활동 기록. 카드 신청을 위한 본인 확인(KYC) 정보: 이름, 생년월일, 국적, 주소, 전화번호, 신분증, 그리고 카드 발급사 또는 그 인증 서비스 제공업체가 요청하는 사진이나 셀카.',
        ],
      },
      {
        heading: '3. 정보의 이용 목적',
        paragraphs: [
          '계정 생성 및 관리, 이메일 인증, 로그인, 입금·출금·교환 및 플랜 처리, 카드·노드·주주 신청 처리, 추천 보상 및 팀 보상 계산을 위해 이용합니다.',
          '서비스 보안 유지, 사기·자금세탁·부정 이용의 탐지 및 예방, 법적 의무 이행, 문의 응답, 서비스 공지 발송 및 앱 개선을 위해 이용합니다.',
          '당사는 회원님의 개인정보를 판매하지 않으며 제3자 광고에 이용하지 않습니다.',
        ],
      },
      {
        heading: '4. 처리의 법적 근거',
        paragraphs: [
          '당사는 회원님과의 계약 이행에 필요한 경우, 자금세탁방지·제재·세무 규정 등 법적 의무를 준수하기 위한 경우, 서비스의 보안 및 개선과 사기 예방이라는 당사의 정당한 이익을 위한 경우, 그리고 필요한 경우 회원님의 동의에 근거하여 정보를 처리합니다.',
          '동의에 근거한 처리의 경우 회원님은 언제든지 동의를 철회할 수 있습니다. 철회는 그 이전에 이루어진 처리에 영향을 주지 않습니다.',
        ],
      },
      {
        heading: '5. 정보의 공유',
        paragraphs: [
          '당사는 필요한 경우에만 정보를 공유합니다. 카드 신청 및 카드 이용 처리를 위한 카드 발급사와 결제 네트워크, 본인 확인(KYC) 및 제재 심사 서비스 제공업체, 당사의 지시에 따라 업무를 수행하는 호스팅·이메일·보안 서비스 제공업체, 그리고 비밀유지 의무가 있는 전문 자문가가 이에 해당합니다.',
          '법률이 요구하는 경우 또는 회원 및 타인의 권리와 안전을 보호하기 위해 필요한 경우 당사는 수사기관, 규제기관, 법원 또는 기타 당국에 정보를 제공합니다. 당사의 사업이 재편되거나 양도되는 경우 정보는 동일한 보호 수준으로 승계인에게 이전될 수 있습니다.',
          '회원님의 추천인과 팀원은 팀 페이지에 표시되는 일부가 가려진 계정 식별자 등 제한된 정보를 볼 수 있습니다.',
        ],
      },
      {
        heading: '6. 국외 이전',
        paragraphs: [
          '당사의 서비스 제공업체와 카드 발급사는 회원님의 국가가 아닌 다른 국가에 있을 수 있으며, 해당 국가의 개인정보 보호 법률은 다를 수 있습니다. 국외로 정보를 이전할 때 당사는 계약상 보호 조치 등 적절한 안전장치를 마련하고 필요한 정보만 공유합니다.',
        ],
      },
      {
        heading: '7. 보유 기간',
        paragraphs: [
          '당사는 본 방침에 명시된 목적에 필요한 기간 동안만 개인정보를 보유합니다. 계정 정보는 계정이 유지되는 동안 보유합니다. 거래 기록과 KYC 정보는 계정 해지 후 최소 5년간, 또는 법률이 요구하는 경우 그보다 더 오래 보유합니다.',
          '기술 로그는 보안 사고 조사에 필요한 경우를 제외하고 더 짧은 기간 동안 보유합니다. 인증 코드는 10분 후 만료됩니다. 더 이상 필요하지 않은 정보는 삭제하거나 익명화합니다.',
        ],
      },
      {
        heading: '8. 보안',
        paragraphs: [
          '당사는 암호화된 연결, 접근 통제, 모니터링 등 기술적·관리적 조치로 회원님의 정보를 보호합니다. 비밀번호와 인증 코드는 단방향 해시로만 저장되므로 KPC의 누구도 이를 읽을 수 없습니다.',
          '당사는 절대로 개인 키나 시드 문구를 요청하지 않습니다. 완벽하게 안전한 시스템은 없으므로 회원님도 기기, 비밀번호 및 지갑을 안전하게 보호해 주십시오. 회원님에게 영향을 미치는 정보 유출이 발생하면 법률에 따라 회원님과 당국에 통지합니다.',
        ],
      },
      {
        heading: '9. 로컬 스토리지 및 쿠키',
        paragraphs: [
          '앱은 로그인 상태를 유지하고 선택한 언어로 화면을 표시하기 위해 세션과 언어 설정을 브라우저의 로컬 스토리지에 저장합니다. 당사는 광고 쿠키나 제3자 추적 기술을 사용하지 않습니다.',
          '로컬 스토리지는 브라우저 설정에서 언제든지 삭제할 수 있습니다. 삭제하면 로그아웃되며 앱은 기본 언어로 돌아갑니다.',
        ],
      },
      {
        heading: '10. 회원님의 권리',
        paragraphs: [
          '거주지 법률에 따라 회원님은 자신의 정보에 대한 열람, 정정, 삭제, 처리 제한 또는 처리에 대한 이의 제기, 이동 가능한 형식으로 사본 수령, 동의 철회 권리를 가질 수 있습니다.',
          '이러한 권리를 행사하려면 support@kpc.example로 이메일을 보내 주십시오. 등록된 이메일 주소가 있으면 해당 주소로 보내 주십시오. 당사는 본인 확인을 요청할 수 있으며 법률이 정한 기간 내에 답변합니다. 삭제를 요청하더라도 법적 이유로 보관해야 하는 정보가 있습니다. 또한 거주지의 개인정보 보호 감독기관에 민원을 제기할 수 있습니다.',
        ],
      },
      {
        heading: '11. 미성년자',
        paragraphs: [
          '서비스는 만 18세 이상만 이용할 수 있습니다. 당사는 만 18세 미만인 사람의 정보를 고의로 수집하지 않습니다. 그러한 사실을 알게 되면 법률상 보관 의무가 있는 경우를 제외하고 해당 계정을 해지하고 정보를 삭제합니다.',
        ],
      },
      {
        heading: '12. 방침의 변경 및 문의',
        paragraphs: [
          '당사는 본 방침을 수시로 업데이트할 수 있습니다. 상단의 날짜는 현재 버전을 나타내며, 중요한 변경 사항은 앱에서 알려 드립니다.',
          '개인정보에 관한 문의나 요청은 support@kpc.example로 연락해 주십시오.',
        ],
      },
    ],
  },
  ru: {
    title: 'Политика конфиденциальности',
    updated: 'Последнее обновление: 20 ноября 2026 г.',
    intro: [
      'Настоящая Политика конфиденциальности объясняет, как KPC («мы») собирает, использует, передаёт и защищает персональные данные, когда вы пользуетесь приложением KPC и его Услугами, включая карточную программу KPC и программу цифровых брокеров KLK.',
      'Пожалуйста, читайте её вместе с Пользовательским соглашением. Если у вас есть вопросы, напишите нам на support@kpc.example.',
    ],
    sections: [
      {
        heading: '1. Кто мы и на что распространяется Политика',
        paragraphs: [
          'KPC управляет Услугами и отвечает за персональные данные, обрабатываемые с их помощью. Политика распространяется на приложение и на наши сообщения, направляемые вам.',
          'У эмитентов карт, сервисов проверки личности и провайдеров кошельков есть собственные политики конфиденциальности, которые применяются к данным, обрабатываемым ими в собственных целях.',
        ],
      },
      {
        heading: '2. Какие данные мы собираем',
        paragraphs: [
          'Данные аккаунта: адрес электронной почты, пароль (хранится только в виде хеша), пригласительный код, связи с реферером и командой, выбранный язык и настройки аккаунта.',
          'Данные кошельков и операций: адреса кошельков, которые вы подключаете или используете; записи о пополнениях, выводах, обменах, планах, стейкинге и пакетах; балансы и хеши транзакций. Транзакции в публичных блокчейнах видны всем.',
          'Технические данные: IP-адрес, тип устройства, операционная система, браузер, часовой пояс и журналы входов и действий. Данные для проверки личности (KYC) при оформлении карты: имя, дата рождения, гражданство, адрес, номер телефона, документ, удостоверяющий личность, а также фотографии или селфи, запрошенные эмитентом карты или его сервисом проверки.',
        ],
      },
      {
        heading: '3. Как мы используем данные',
        paragraphs: [
          'Для создания и ведения аккаунта, подтверждения почты, входа в аккаунт, обработки пополнений, выводов, обменов и планов, рассмотрения заявок на карты, узлы и статус акционера, а также для расчёта реферальных и командных вознаграждений.',
          'Для обеспечения безопасности Услуг, выявления и предотвращения мошенничества, отмывания денег и злоупотреблений, выполнения требований закона, ответов на ваши обращения, отправки служебных уведомлений и улучшения приложения.',
          'Мы не продаём ваши персональные данные и не используем их для сторонней рекламы.',
        ],
      },
      {
        heading: '4. Правовые основания',
        paragraphs: [
          'Мы обрабатываем ваши данные, поскольку это необходимо для исполнения соглашения с вами; для выполнения требований закона, например правил противодействия отмыванию денег, санкционных и налоговых норм; в наших законных интересах по обеспечению безопасности и улучшению Услуг и предотвращению мошенничества; а также, когда это требуется, на основании вашего согласия.',
          'Если обработка основана на вашем согласии, вы можете отозвать его в любой момент. Это не влияет на обработку, проведённую до отзыва согласия.',
        ],
      },
      {
        heading: '5. Передача данных',
        paragraphs: [
          'Мы передаём данные только при необходимости: эмитентам карт и платёжным системам для обработки заявок на карты и операций по ним; сервисам проверки личности (KYC) и санкционного скрининга; поставщикам хостинга, почтовых услуг и услуг безопасности, действующим по нашим указаниям; а также профессиональным консультантам, связанным обязательством конфиденциальности.',
          'Мы раскрываем данные правоохранительным органам, регуляторам, судам и иным органам власти, если этого требует закон или если это необходимо для защиты прав и безопасности участников и других лиц. При реорганизации или передаче бизнеса данные могут перейти к правопреемнику с сохранением того же уровня защиты.',
          'Ваш реферер и участники команды могут видеть ограниченные сведения о вас, например частично скрытый идентификатор аккаунта на страницах команды.',
        ],
      },
      {
        heading: '6. Трансграничная передача',
        paragraphs: [
          'Наши поставщики услуг и эмитенты карт могут находиться в других странах, где законы о защите данных могут отличаться. Передавая данные за рубеж, мы применяем надлежащие меры защиты, например договорные гарантии, и передаём только необходимое.',
        ],
      },
      {
        heading: '7. Сроки хранения',
        paragraphs: [
          'Мы храним персональные данные только столько, сколько необходимо для целей, указанных в Политике. Данные аккаунта хранятся, пока аккаунт открыт. Записи об операциях и данные KYC хранятся не менее пяти лет после закрытия аккаунта или дольше, если этого требует закон.',
          'Технические журналы хранятся меньший срок, если только они не нужны для расследования инцидента безопасности. Коды подтверждения истекают через 10 минут. Данные, которые больше не нужны, удаляются или обезличиваются.',
        ],
      },
      {
        heading: '8. Безопасность',
        paragraphs: [
          'Мы защищаем ваши данные техническими и организационными мерами, включая шифрование соединений, контроль доступа и мониторинг. Пароли и коды подтверждения хранятся только в виде необратимых хешей, поэтому никто в KPC не может их прочитать.',
          'Мы никогда не попросим ваш закрытый ключ или сид-фразу. Полностью защищённых систем не бывает, поэтому, пожалуйста, и сами защищайте свои устройства, пароль и кошелёк. Если утечка данных затронет вас, мы уведомим вас и органы власти в соответствии с законом.',
        ],
      },
      {
        heading: '9. Локальное хранилище и файлы cookie',
        paragraphs: [
          'Приложение сохраняет вашу сессию и выбранный язык в локальном хранилище (local storage) браузера, чтобы вы оставались в аккаунте и видели приложение на своём языке. Мы не используем рекламные файлы cookie и сторонние средства отслеживания.',
          'Вы можете в любой момент очистить локальное хранилище в настройках браузера. После этого вы выйдете из аккаунта, а приложение вернётся к языку по умолчанию.',
        ],
      },
      {
        heading: '10. Ваши права',
        paragraphs: [
          'В зависимости от законодательства по месту вашего проживания вы можете иметь право на доступ к своим данным, их исправление и удаление, ограничение обработки или возражение против неё, получение копии в переносимом формате и отзыв согласия.',
          'Чтобы воспользоваться этими правами, напишите на support@kpc.example, по возможности с адреса, указанного при регистрации. Нам может потребоваться подтвердить вашу личность; мы ответим в срок, установленный законом. Некоторые данные необходимо хранить по требованиям закона, даже если вы просите их удалить. Вы также можете подать жалобу в местный орган по защите персональных данных.',
        ],
      },
      {
        heading: '11. Несовершеннолетние',
        paragraphs: [
          'Услуги предназначены только для лиц старше 18 лет. Мы сознательно не собираем данные лиц младше 18 лет. Если нам станет известно о таком случае, мы закроем аккаунт и удалим данные, если закон не обязывает нас их хранить.',
        ],
      },
      {
        heading: '12. Изменения Политики и контакты',
        paragraphs: [
          'Мы можем время от времени обновлять настоящую Политику. Дата вверху указывает на действующую редакцию, а о существенных изменениях мы сообщим в приложении.',
          'С любыми вопросами и запросами о ваших персональных данных обращайтесь по адресу support@kpc.example.',
        ],
      },
    ],
  },
  vi: {
    title: 'Chính sách quyền riêng tư',
    updated: 'Cập nhật lần cuối: ngày 20 tháng 11 năm 2026',
    intro: [
      'Chính sách quyền riêng tư này giải thích cách KPC (“chúng tôi”) thu thập, sử dụng, chia sẻ và bảo vệ dữ liệu cá nhân khi bạn sử dụng ứng dụng KPC và các Dịch vụ của ứng dụng, bao gồm chương trình thẻ KPC và chương trình môi giới số KLK.',
      'Vui lòng đọc chính sách này cùng với Thỏa thuận người dùng. Nếu có câu hỏi, hãy liên hệ chúng tôi qua support@kpc.example.',
    ],
    sections: [
      {
        heading: '1. Chúng tôi là ai và phạm vi áp dụng',
        paragraphs: [
          'KPC vận hành Dịch vụ và chịu trách nhiệm về dữ liệu cá nhân được xử lý thông qua Dịch vụ. Chính sách này áp dụng cho ứng dụng và cho các liên lạc của chúng tôi với bạn.',
          'Các tổ chức phát hành thẻ, nhà cung cấp dịch vụ xác minh danh tính và nhà cung cấp ví có chính sách quyền riêng tư riêng, áp dụng cho dữ liệu mà họ xử lý cho mục đích của chính họ.',
        ],
      },
      {
        heading: '2. Dữ liệu chúng tôi thu thập',
        paragraphs: [
          'Dữ liệu tài khoản: địa chỉ email, mật khẩu (chỉ lưu dưới dạng hàm băm), mã mời, quan hệ với người giới thiệu và đội nhóm, ngôn ngữ ưa thích và cài đặt tài khoản.',
          'Dữ liệu ví và giao dịch: các địa chỉ ví bạn kết nối hoặc sử dụng; lịch sử nạp, rút, quy đổi, gói đầu tư, staking và gói môi giới; số dư và mã băm giao dịch. Giao dịch trên blockchain công khai có thể được bất kỳ ai xem.',
          'Dữ liệu kỹ thuật: địa chỉ IP, loại thiết bị, hệ điều hành, trình duyệt, múi giờ và nhật ký đăng nhập, thao tác. Dữ liệu danh tính (KYC) cho hồ sơ đăng ký thẻ: họ tên, ngày sinh, quốc tịch, địa chỉ, số điện thoại, giấy tờ tùy thân và ảnh chụp hoặc ảnh selfie do tổ chức phát hành thẻ hay nhà cung cấp dịch vụ xác minh của họ yêu cầu.',
        ],
      },
      {
        heading: '3. Cách chúng tôi sử dụng dữ liệu',
        paragraphs: [
          'Để tạo và quản lý tài khoản, xác minh email, đăng nhập, xử lý nạp tiền, rút tiền, quy đổi và các gói, xử lý hồ sơ đăng ký thẻ, node và cổ đông, cũng như tính phần thưởng giới thiệu và phần thưởng đội nhóm.',
          'Để bảo đảm an toàn cho Dịch vụ, phát hiện và ngăn chặn gian lận, rửa tiền và lạm dụng, thực hiện nghĩa vụ pháp lý, trả lời yêu cầu của bạn, gửi thông báo dịch vụ và cải thiện ứng dụng.',
          'Chúng tôi không bán dữ liệu cá nhân của bạn và không sử dụng dữ liệu đó cho quảng cáo của bên thứ ba.',
        ],
      },
      {
        heading: '4. Cơ sở pháp lý',
        paragraphs: [
          'Chúng tôi xử lý dữ liệu của bạn vì việc đó cần thiết để thực hiện thỏa thuận với bạn; để tuân thủ nghĩa vụ pháp lý như quy định phòng chống rửa tiền, trừng phạt và thuế; vì lợi ích chính đáng của chúng tôi trong việc bảo mật, cải thiện Dịch vụ và ngăn chặn gian lận; và, khi được yêu cầu, dựa trên sự đồng ý của bạn.',
          'Khi việc xử lý dựa trên sự đồng ý, bạn có thể rút lại sự đồng ý bất cứ lúc nào. Việc này không ảnh hưởng đến hoạt động xử lý đã diễn ra trước đó.',
        ],
      },
      {
        heading: '5. Chia sẻ dữ liệu',
        paragraphs: [
          'Chúng tôi chỉ chia sẻ dữ liệu khi cần thiết: với tổ chức phát hành thẻ và mạng thanh toán để xử lý hồ sơ đăng ký và việc sử dụng thẻ; với nhà cung cấp dịch vụ xác minh danh tính (KYC) và sàng lọc trừng phạt; với nhà cung cấp dịch vụ lưu trữ, email và bảo mật hoạt động theo chỉ dẫn của chúng tôi; và với cố vấn chuyên môn có nghĩa vụ bảo mật.',
          'Chúng tôi cung cấp dữ liệu cho cơ quan thực thi pháp luật, cơ quan quản lý, tòa án hoặc cơ quan có thẩm quyền khác khi pháp luật yêu cầu, hoặc khi cần thiết để bảo vệ quyền và sự an toàn của thành viên và người khác. Nếu hoạt động kinh doanh được tái cơ cấu hoặc chuyển nhượng, dữ liệu có thể được chuyển cho bên kế thừa với mức bảo vệ tương đương.',
          'Người giới thiệu và thành viên trong đội nhóm của bạn có thể thấy một số thông tin hạn chế về bạn, chẳng hạn mã định danh tài khoản đã được che một phần trên các trang đội nhóm.',
        ],
      },
      {
        heading: '6. Chuyển dữ liệu ra nước ngoài',
        paragraphs: [
          'Nhà cung cấp dịch vụ và tổ chức phát hành thẻ của chúng tôi có thể đặt tại quốc gia khác với quốc gia của bạn, nơi luật bảo vệ dữ liệu có thể khác. Khi chuyển dữ liệu ra nước ngoài, chúng tôi áp dụng các biện pháp bảo vệ phù hợp như cam kết theo hợp đồng và chỉ chia sẻ những gì cần thiết.',
        ],
      },
      {
        heading: '7. Thời gian lưu trữ',
        paragraphs: [
          'Chúng tôi chỉ lưu giữ dữ liệu cá nhân trong thời gian cần thiết cho các mục đích nêu trong Chính sách này. Dữ liệu tài khoản được lưu khi tài khoản của bạn còn hoạt động. Hồ sơ giao dịch và dữ liệu KYC được lưu ít nhất năm năm sau khi tài khoản bị đóng, hoặc lâu hơn nếu pháp luật yêu cầu.',
          'Nhật ký kỹ thuật được lưu trong thời gian ngắn hơn, trừ khi cần để điều tra sự cố bảo mật. Mã xác minh hết hạn sau 10 phút. Dữ liệu không còn cần thiết sẽ bị xóa hoặc ẩn danh hóa.',
        ],
      },
      {
        heading: '8. Bảo mật',
        paragraphs: [
          'Chúng tôi bảo vệ dữ liệu của bạn bằng các biện pháp kỹ thuật và tổ chức, bao gồm kết nối được mã hóa, kiểm soát truy cập và giám sát. Mật khẩu và mã xác minh chỉ được lưu dưới dạng hàm băm một chiều, vì vậy không ai tại KPC có thể đọc được.',
          'Chúng tôi sẽ không bao giờ hỏi khóa riêng tư hay cụm từ khôi phục của bạn. Không có hệ thống nào an toàn tuyệt đối, vì vậy hãy tự bảo vệ thiết bị, mật khẩu và ví của bạn. Nếu xảy ra sự cố rò rỉ dữ liệu ảnh hưởng đến bạn, chúng tôi sẽ thông báo cho bạn và cơ quan có thẩm quyền theo quy định của pháp luật.',
        ],
      },
      {
        heading: '9. Bộ nhớ cục bộ và cookie',
        paragraphs: [
          'Ứng dụng lưu phiên đăng nhập và ngôn ngữ ưa thích của bạn trong bộ nhớ cục bộ (local storage) của trình duyệt, để bạn luôn ở trạng thái đăng nhập và xem ứng dụng bằng ngôn ngữ của mình. Chúng tôi không sử dụng cookie quảng cáo hay công cụ theo dõi của bên thứ ba.',
          'Bạn có thể xóa bộ nhớ cục bộ trong phần cài đặt trình duyệt bất cứ lúc nào. Khi đó, bạn sẽ bị đăng xuất và ứng dụng sẽ trở về ngôn ngữ mặc định.',
        ],
      },
      {
        heading: '10. Quyền của bạn',
        paragraphs: [
          'Tùy theo pháp luật nơi bạn sinh sống, bạn có thể có quyền truy cập, chỉnh sửa, xóa dữ liệu của mình, hạn chế hoặc phản đối việc xử lý dữ liệu, nhận bản sao ở định dạng có thể chuyển đổi và rút lại sự đồng ý.',
          'Để thực hiện các quyền này, hãy gửi email đến support@kpc.example, từ địa chỉ email đã đăng ký nếu bạn có. Chúng tôi có thể cần xác minh danh tính của bạn và sẽ phản hồi trong thời hạn pháp luật quy định. Một số dữ liệu phải được lưu giữ vì lý do pháp lý ngay cả khi bạn yêu cầu xóa. Bạn cũng có thể khiếu nại đến cơ quan bảo vệ dữ liệu tại địa phương.',
        ],
      },
      {
        heading: '11. Trẻ em',
        paragraphs: [
          'Dịch vụ chỉ dành cho người từ đủ 18 tuổi trở lên. Chúng tôi không cố ý thu thập dữ liệu của bất kỳ ai dưới 18 tuổi. Nếu phát hiện điều này, chúng tôi sẽ đóng tài khoản và xóa dữ liệu, trừ khi pháp luật yêu cầu phải lưu giữ.',
        ],
      },
      {
        heading: '12. Thay đổi chính sách và liên hệ',
        paragraphs: [
          'Chúng tôi có thể cập nhật Chính sách này theo thời gian. Ngày ở đầu trang cho biết phiên bản hiện hành, và chúng tôi sẽ thông báo trong ứng dụng về các thay đổi quan trọng.',
          'Mọi câu hỏi hoặc yêu cầu liên quan đến dữ liệu cá nhân của bạn, vui lòng liên hệ support@kpc.example.',
        ],
      },
    ],
  },
};
